// ---- Mock weather API (leave as is) -------------------------------------------------------------------
// Answers fetch("/api/weather?city=<name>") with JSON after ~300 ms: 200 for a known city, 404 otherwise,
// 500 for the city "Error".
const WEATHER = {
  oslo: { city: "Oslo", temperature: 4, summary: "Light snow" },
  lisbon: { city: "Lisbon", temperature: 19, summary: "Sunny" },
  tokyo: { city: "Tokyo", temperature: 12, summary: "Cloudy" },
  nairobi: { city: "Nairobi", temperature: 23, summary: "Warm with showers" },
};
const realFetch = window.fetch.bind(window);
window.fetch = async (input, init) => {
  const url = new URL(String(input), "https://weather.example");
  if (url.pathname !== "/api/weather") return realFetch(input, init);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const city = (url.searchParams.get("city") ?? "").trim().toLowerCase();
  const json = (status, body) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  if (city === "error") return json(500, { message: "The weather service is down." });
  const found = WEATHER[city];
  return found ? json(200, found) : json(404, { message: `No weather for "${city}".` });
};
// ---- Your code below -----------------------------------------------------------------------------------
