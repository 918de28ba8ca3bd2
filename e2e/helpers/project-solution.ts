// A finished to-do app (content/projects/todo-app-localstorage): what a learner would have written by the
// last step. The e2e spec saves it through the API and lets the page's checks judge it.

const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Tasks</title>
    <link rel="stylesheet" href="style.css" />
  </head>
  <body>
    <main>
      <h1>Tasks</h1>
      <form id="todo-form">
        <label for="todo-input">New task</label>
        <input id="todo-input" type="text" autocomplete="off" />
        <button>Add</button>
      </form>
      <ul id="todo-list"></ul>
    </main>
    <script src="script.js"></script>
  </body>
</html>
`;

const css = `body { margin: 0; font-family: system-ui, sans-serif; background: #10131c; color: #eef3ff; }
main { max-width: 32rem; margin: 2rem auto; padding: 0 1rem; }
#todo-list { list-style: none; padding: 0; }
#todo-list li.done span { text-decoration: line-through; opacity: 0.6; }
`;

const js = `const KEY = "todos";
const form = document.querySelector("#todo-form");
const input = document.querySelector("#todo-input");
const list = document.querySelector("#todo-list");

function load() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) ?? [];
  } catch {
    return [];
  }
}

let todos = load();

function update(next) {
  todos = next;
  localStorage.setItem(KEY, JSON.stringify(todos));
  render();
}

function render() {
  list.replaceChildren();
  for (const todo of todos) {
    const li = document.createElement("li");
    li.classList.toggle("done", todo.done);
    const box = document.createElement("input");
    box.type = "checkbox";
    box.checked = todo.done;
    box.addEventListener("change", () => update(todos.map((t) => (t.id === todo.id ? { ...t, done: box.checked } : t))));
    const span = document.createElement("span");
    span.textContent = todo.text;
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = "Delete";
    remove.setAttribute("aria-label", "Delete " + todo.text);
    remove.addEventListener("click", () => update(todos.filter((t) => t.id !== todo.id)));
    li.append(box, span, remove);
    list.append(li);
  }
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const text = input.value.trim();
  if (!text) return;
  update([...todos, { id: Date.now() + Math.random(), text, done: false }]);
  input.value = "";
});

render();
`;

export const TASK_LIST_APP_SOLUTION = [
  { name: "index.html", content: html },
  { name: "style.css", content: css },
  { name: "script.js", content: js },
];
