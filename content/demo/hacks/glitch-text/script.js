const title = document.querySelector(".glitch");
const input = document.getElementById("message");

input.addEventListener("input", () => {
  const text = input.value.trim().toUpperCase() || "SYSTEM ONLINE";
  title.textContent = text;
  title.dataset.text = text;
});
