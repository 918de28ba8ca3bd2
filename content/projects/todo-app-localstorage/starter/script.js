// State: the single source of truth. Step 2: declare it here as `let todos = [];` (each task is
// { id, text, done }); step 4 fills it from localStorage instead.

const form = document.querySelector("#todo-form");
const input = document.querySelector("#todo-input");
const list = document.querySelector("#todo-list");

// Step 2: build one <li> per task inside #todo-list.
function render() {}

// Step 2: on submit, add the input's text as a task, clear the field, render.
// Step 3: toggle and delete. Step 4: save and load with localStorage.
