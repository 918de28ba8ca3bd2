const pattern = document.querySelector("#pattern");
const flags = document.querySelector("#flags");
const text = document.querySelector("#text");
const output = document.querySelector("#output");
const error = document.querySelector("#error");

// Step 2: on every input, build a RegExp and highlight each match in #output with <mark>.
