// State: the single source of truth. Each task is { id, text, done }.
let todos = [];

const form = document.querySelector("#todo-form");
const input = document.querySelector("#todo-input");
const list = document.querySelector("#todo-list");

// Step 2: build one <li> per task inside #todo-list.
function render() {}

// Step 2: on submit, add the input's text as a task, clear the field, render.
// Step 3: toggle and delete. Step 4: save and load with localStorage.
