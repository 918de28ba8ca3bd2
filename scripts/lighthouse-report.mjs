// Turns Lighthouse reports into the medians, lost points and hints that `npm run lighthouse` prints and saves.

const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
  "interactive",
];
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
export const TARGETS = { performance: 95, accessibility: 100, "best-practices": 95 };

export const median = (values) => {
  const sorted = values.filter((value) => value !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
};

/** Points each audit costs its category in one report: weight share × missing score × 100. */
function lostPoints(lhr) {
  const lost = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category) continue;
    const totalWeight = category.auditRefs.reduce((sum, ref) => sum + ref.weight, 0);
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      lost.push({
        category: id,
        id: ref.id,
        title: audit.title,
        points: (ref.weight / totalWeight) * (1 - audit.score) * 100,
      });
    }
  }
  return lost;
}

/** Performance audits that name what to change, largest estimated saving first. */
function opportunities(lhr) {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      displayValue: audit.displayValue ?? "",
      savingsMs: audit.details?.overallSavingsMs ?? Object.values(audit.metricSavings ?? {}).reduce((a, b) => a + b, 0),
    }))
    .filter((entry) => entry.savingsMs > 0)
    .sort((a, b) => b.savingsMs - a.savingsMs)
    .slice(0, 5);
}

/** First few offending elements or URLs of an audit, so a failure points at something fixable. */
function offenders(audit) {
  const items = audit.details?.items ?? [];
  return items
    .map(
      (item) =>
        item.node?.selector ?? item.node?.snippet ?? item.url ?? item.source?.url ?? item.message ?? item.issueType,
    )
    .filter((offender) => typeof offender === "string" && offender !== "")
    .slice(0, 5);
}

export function summarize(route, all) {
  const errors = all.filter((lhr) => lhr.runtimeError).map((lhr) => lhr.runtimeError.code);
  const reports = all.filter((lhr) => !lhr.runtimeError);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, median(reports.map((lhr) => toScore(lhr.categories[id]?.score ?? null)))]),
  );
  const byAudit = new Map();
  for (const lhr of reports) {
    for (const entry of lostPoints(lhr)) {
      const key = `${entry.category}/${entry.id}`;
      const total = byAudit.get(key) ?? { ...entry, points: 0, offenders: offenders(lhr.audits[entry.id]) };
      total.points += entry.points / reports.length;
      byAudit.set(key, total);
    }
  }
  const failing = [...byAudit.values()]
    .sort((a, b) => b.points - a.points)
    .map((entry) => ({ ...entry, points: Math.round(entry.points * 10) / 10 }));
  const last = reports.at(-1);
  // Each metric's median over the runs: ms, except the layout shift (a score, kept to three decimals).
  const metrics = Object.fromEntries(
    METRICS.map((id) => {
      const scale = id === "cumulative-layout-shift" ? 1000 : 1;
      const value = median(reports.map((lhr) => lhr.audits[id]?.numericValue ?? null).map((v) => v && v * scale));
      return [id, value === null ? null : Math.round(value) / scale];
    }),
  );
  const benchmarkIndex = median(reports.map((lhr) => lhr.environment?.benchmarkIndex ?? null));
  const hints = last ? opportunities(last) : [];
  return { route, runs: all.length, errors, benchmarkIndex, scores, metrics, failing, opportunities: hints };
}

export const toScore = (score) => (score === null ? null : Math.round(score * 100));

export function printTable(results) {
  const cell = (id, value) => {
    if (value === null) return "n/a".padStart(16);
    const target = TARGETS[id];
    return `${value}${target !== undefined && value < target ? " ✗" : "  "}`.padStart(16);
  };
  const width = Math.max(5, ...results.map((result) => result.route.length));
  const tbt = (result) => String(result.metrics["total-blocking-time"] ?? "n/a").padStart(16);
  console.log(`\n${"route".padEnd(width)}${CATEGORIES.map((id) => id.padStart(16)).join("")}${"TBT ms".padStart(16)}`);
  for (const result of results) {
    console.log(
      `${result.route.padEnd(width)}${CATEGORIES.map((id) => cell(id, result.scores[id])).join("")}${tbt(result)}`,
    );
  }
  const targets = CATEGORIES.map((id) =>
    (TARGETS[id] === undefined ? "—" : TARGETS[id] === 100 ? "100" : `≥ ${TARGETS[id]}`).padStart(16),
  );
  console.log(`${"target".padEnd(width)}${targets.join("")}`);
  for (const result of results) {
    const lines = [];
    if (result.errors.length) lines.push(`  errors: ${result.errors.join(", ")}`);
    for (const [category, target] of Object.entries(TARGETS)) {
      const score = result.scores[category];
      const failing = result.failing.filter((entry) => entry.category === category);
      // A target of 100 is missed by any failing audit, even one too small to move the rounded score.
      if (score === null || failing.length === 0 || (score >= target && target !== 100)) continue;
      for (const entry of failing.slice(0, 3)) {
        const where = entry.offenders.slice(0, 2).join(" | ");
        lines.push(`  -${entry.points} ${category}: ${entry.title}${where ? ` (${where})` : ""}`);
      }
    }
    if (result.scores.performance !== null && result.scores.performance < TARGETS.performance) {
      const hints = result.opportunities
        .slice(0, 3)
        .map((entry) => `${entry.title} ~${Math.round(entry.savingsMs)} ms`);
      if (hints.length) lines.push(`  performance fixes: ${hints.join("; ")}`);
    }
    if (lines.length) console.log(`\n${result.route} — biggest losses:\n${lines.join("\n")}`);
  }
}
