// This project needs no JavaScript; the year in the footer is a small bonus.
const year = document.querySelector("[data-year]");
if (year) year.textContent = String(new Date().getFullYear());
