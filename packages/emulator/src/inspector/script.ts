import { INSPECTOR_EDITOR } from "./script-editor.ts";
import { INSPECTOR_VIEWS } from "./script-views.ts";

/**
 * The page's behaviour, as browser JavaScript served as is: read the overview (again after each
 * logged request, and every two seconds), follow the request log's event stream, and send a
 * button's request when changes are allowed. Uses fetch for the stream (not EventSource) so the
 * control token, when there is one, travels in a header rather than the URL.
 */
const INSPECTOR_APP = String.raw`
(function () {
  var PREFIX = "/__stashkit/inspector";
  var TOKEN_KEY = "stashkit-control-token";
  var token = sessionStorage.getItem(TOKEN_KEY) || "";
  var $ = function (id) { return document.getElementById(id); };
  var h = views.h;
  var allow = $("allow-changes");
  var pending;
  // The DLQ entries ticked, by their key (views.dlqKey), each with its row (its region, its id).
  var selected = new Map();

  function headers(extra) {
    var all = Object.assign({}, extra || {});
    if (token) all["x-stashkit-control-token"] = token;
    return all;
  }
  function say(text) { $("status").textContent = text; }
  async function call(path, init) {
    init = init || {};
    var response = await fetch(PREFIX + path, Object.assign({}, init, { headers: headers(init.headers) }));
    if (response.status === 401) { $("token-form").hidden = false; throw new Error("this emulator needs its control token"); }
    var body = await response.json().catch(function () { return {}; });
    if (!response.ok) throw new Error(body.error || ("the emulator answered " + response.status));
    return body;
  }
  // A button that changes something: off until "Allow changes" is ticked, and refused by act()
  // even if it is pressed some other way. \`body\`, when given, gives the JSON it sends.
  function button(label, name, path, body) {
    return h("button", { type: "button", "class": "change", "aria-label": name, disabled: !allow.checked,
      onclick: function () { act(path, name, body ? body() : undefined); }, text: label });
  }
  function allowed(name) {
    if (allow.checked) return true;
    say(name + ": read-only; tick Allow changes first");
    return false;
  }
  // A button that sends several requests in turn (\`requests\` gives each one's path and JSON):
  // acting on DLQ entries selected in both regions is one request per region.
  function each(label, name, requests) {
    return h("button", { type: "button", "class": "change", "aria-label": name, disabled: !allow.checked,
      onclick: function () { actAll(requests(), name); }, text: label });
  }
  function act(path, name, body) { return actAll([{ path: path, body: body }], name); }
  async function actAll(requests, name) {
    if (!allowed(name)) return;
    try {
      for (var i = 0; i < requests.length; i++) {
        var body = requests[i].body;
        var init = { method: "POST" };
        if (body !== undefined) init = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
        await call(requests[i].path, init);
      }
      say(name + ": done");
    } catch (error) { say(name + ": " + error.message); }
    refresh();
  }
  async function reveal(index, target) {
    try {
      var answer = await call("/indexes/" + encodeURIComponent(index.id) + "/reveal-token", { method: "POST" });
      target.replaceWith(h("code", { text: answer.token }));
    } catch (error) { say("Reveal token: " + error.message); }
  }
  function fill(id, node) { $(id).querySelector(".body").replaceChildren(node); }
  function render(o) {
    var shown = new Set(o.dlq.rows.map(views.dlqKey));
    Array.from(selected.keys()).forEach(function (key) { if (!shown.has(key)) selected.delete(key); });
    fill("queues", views.queues(o, button, edit));
    fill("messages", views.messages(o));
    fill("dlq", views.dlq(o, button, edit, selected, each));
    fill("schedules", views.schedules(o, button, edit));
    fill("flow-control", views.flowControl(o, button));
    fill("workflow-runs", views.workflowRuns(o, edit));
    $("clock").textContent = views.clock(o);
    fill("indexes", views.indexes(o, reveal));
    fill("delivered", views.delivered(o));
    var select = $("search-index");
    var chosen = select.value;
    select.replaceChildren.apply(select, o.indexes.map(function (i) { return h("option", { value: i.id, text: i.name }); }));
    if (chosen) select.value = chosen;
  }
  async function refresh() {
    try { render(await call("/overview")); } catch (error) { say(error.message); }
  }
  function soon() { clearTimeout(pending); pending = setTimeout(refresh, 100); }

  function logged(text) {
    var type = "message", data = "";
    text.split("\n").forEach(function (line) {
      if (line.indexOf("event: ") === 0) type = line.slice(7);
      else if (line.indexOf("data: ") === 0) data += line.slice(6);
    });
    var rows = $("log-rows");
    if (type === "cleared") { rows.replaceChildren(); return; }
    if (type !== "request") return;
    var r = JSON.parse(data);
    rows.prepend(h("tr", {}, [views.time(r.at), r.method, r.path, String(r.status), r.authorization].map(function (cell) {
      return h("td", { text: cell });
    })));
    while (rows.children.length > 200) rows.lastChild.remove();
    soon();
  }
  async function follow() {
    try {
      var response = await fetch(PREFIX + "/events", { headers: headers({ accept: "text/event-stream" }) });
      if (response.status === 401) { $("token-form").hidden = false; return; }
      var reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      var buffer = "";
      for (;;) {
        var chunk = await reader.read();
        if (chunk.done) break;
        buffer += chunk.value;
        var events = buffer.split("\n\n");
        buffer = events.pop();
        events.forEach(logged);
      }
    } catch (error) { say("request log: " + error.message); }
    setTimeout(follow, 1000);
  }

  var editor = payloadEditor({ $: $, h: h, allow: allow, call: call, say: say, allowed: allowed, refresh: refresh });
  var edit = editor.button;
  [["publish-open", "publish", "Publish a message"], ["trigger-open", "trigger", "Trigger a workflow run"],
    ["notify-open", "notify", "Notify an event"]].forEach(function (entry) {
    $(entry[0]).addEventListener("click", function () { if (allowed(entry[2])) editor.show(entry[1]); });
  });
  allow.addEventListener("change", function () {
    document.querySelectorAll("button.change").forEach(function (b) { b.disabled = !allow.checked; });
    say(allow.checked ? "Changes allowed: the buttons act on the emulator." : "Read-only.");
  });
  $("search-form").addEventListener("submit", async function (event) {
    event.preventDefault();
    var query = $("search-query").value;
    var list = $("search-results");
    try {
      var answer = await call("/indexes/" + encodeURIComponent($("search-index").value) + "/search", {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: query }) });
      var hits = answer.result || [];
      list.replaceChildren.apply(list, hits.map(function (hit) {
        return h("li", {}, [h("strong", { text: hit.id }), " ", h("span", { "class": "score", text: "score " + Number(hit.score).toFixed(3) }),
          " ", h("code", { text: JSON.stringify(hit.content || {}) })]);
      }));
      say(hits.length + " results for \u201c" + query + "\u201d");
    } catch (error) { say("Search: " + error.message); }
  });
  $("token-form").addEventListener("submit", function (event) {
    event.preventDefault();
    token = $("token-input").value;
    sessionStorage.setItem(TOKEN_KEY, token);
    $("token-form").hidden = true;
    refresh();
    follow();
  });
  refresh();
  follow();
  setInterval(refresh, 2000);
})();
`;

export const INSPECTOR_SCRIPT = `"use strict";\n${INSPECTOR_VIEWS}\n${INSPECTOR_EDITOR}\n${INSPECTOR_APP}`;
