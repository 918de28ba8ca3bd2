const canvas = document.getElementById("rain");
const context = canvas.getContext("2d");
const glyphs = "アカサタナハマヤラワ0123456789<>{}[]/=+*NEONLAB";
const size = 18;
let drops = [];

function resize() {
  canvas.width = window.innerWidth;
  canvas.height = window.innerHeight;
  drops = Array.from({ length: Math.ceil(canvas.width / size) }, () => Math.random() * -50);
}

function frame() {
  // A translucent black layer fades the old characters into trails.
  context.fillStyle = "rgba(0, 0, 0, 0.08)";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.font = `${size}px monospace`;
  drops.forEach((y, column) => {
    const glyph = glyphs[Math.floor(Math.random() * glyphs.length)];
    context.fillStyle = Math.random() < 0.05 ? "#e9ffe9" : "#39ff88";
    context.fillText(glyph, column * size, y * size);
    drops[column] = y * size > canvas.height && Math.random() > 0.975 ? 0 : y + 1;
  });
}

resize();
window.addEventListener("resize", resize);
const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
if (still) for (let i = 0; i < 60; i++) frame();
else setInterval(frame, 50);
