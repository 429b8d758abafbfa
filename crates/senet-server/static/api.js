// The server: every request of the page, sent with this page's token;
// a refusal becomes an error carrying the server's message and status.

import { page } from "./state.js";

export async function api(method, path, body) {
  const headers = {};
  if (page.current && page.current.token) headers["Authorization"] = "Bearer " + page.current.token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = response.headers.get("Content-Type") || "";
  const data = type.startsWith("application/json") ? await response.json() : await response.text();
  if (!response.ok) {
    const message = data && data.error ? data.error : "the server answered " + response.status;
    const error = new Error(message);
    error.status = response.status;
    throw error;
  }
  return data;
}
