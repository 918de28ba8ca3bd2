const button = document.getElementById("pulse");
const count = document.getElementById("count");
const colours = ["#19f0ff", "#39ff88", "#ff5ea8", "#ffe45c"];
let energy = 0;

button.addEventListener("click", () => {
  energy += 1;
  count.textContent = `Energy: ${energy}`;
  document.documentElement.style.setProperty("--glow", colours[energy % colours.length]);
  button.classList.remove("pulse");
  // Reading the layout restarts the animation on every click.
  void button.offsetWidth;
  button.classList.add("pulse");
});
