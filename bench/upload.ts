// `npm run bench -- upload`: a 5 MB JPEG through the blog image pipeline (decision 026): the checks (type
// from the bytes, size from the header) and the re-encoding to WebP at 480/960/1600 px, timed; and the event
// loop's delay meanwhile (sharp works on libuv's threads: the loop should stay free). Target ≤ 1.5 s.
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import sharp from "sharp";
import { checkImage, processImage } from "../apps/server/src/modules/blogs/images.ts";

const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 5);
const TARGET_MS = 1500;

/** A photo-like JPEG just under 5 MB: noise over a gradient (noise keeps JPEG from compressing it small). */
async function fiveMegabyteJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = ((i / 3) % width) * (200 / width) + (seed % 56);
  }
  for (let quality = 90; quality > 40; quality -= 5) {
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
    if (jpeg.length <= 5 * 1024 * 1024) return jpeg;
  }
  throw new Error("could not make a JPEG under 5 MB");
}

export async function runUpload() {
  const jpeg = await fiveMegabyteJpeg();
  console.log(`input: ${(jpeg.length / 1024 / 1024).toFixed(2)} MB JPEG, 4000 × 3000; sharp threads: ${sharp.concurrency()}`);
  const times: number[] = [];
  const delays: number[] = [];
  for (let run = 0; run < RUNS + 1; run++) {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const started = performance.now();
    const checked = await checkImage(jpeg);
    const out = await processImage(jpeg, checked.width);
    const took = performance.now() - started;
    loop.disable();
    if (run === 0) {
      console.log(`  warm-up ${took.toFixed(0)} ms; variants ${out.variants.map((v) => `${v.width}px ${(v.bytes / 1024).toFixed(0)} KB`).join(", ")}`);
      continue;
    }
    times.push(took);
    delays.push(loop.max / 1e6);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `5 MB JPEG → WebP 480/960/1600: median ${median.toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms over ${RUNS} runs (target ≤ ${TARGET_MS} ms: ${median <= TARGET_MS ? "met" : "NOT met"})`,
  );
  console.log(`event loop delay during processing: max ${Math.max(...delays).toFixed(1)} ms`);
}
