/**
 * The page's payload editor, as browser JavaScript served as is: one dialog for every action that
 * sends a payload (publish, enqueue, trigger, notify, run a schedule now, retry a DLQ message with
 * another payload). It remembers, in the browser's localStorage, the last payload sent to each
 * target and the last URL or event id typed per action. Values go in with `value` and
 * `textContent` only. No template literals inside, so nothing here is interpolated by TypeScript.
 */
export const INSPECTOR_EDITOR = `
var payloadEditor = function (deps) {
  var $ = deps.$;
  var PAYLOAD = "stashkit-inspector-payload:";
  var FIELD = "stashkit-inspector-field:";
  var enc = encodeURIComponent;
  // Per action: its title, the field it asks for (a URL, an event id), the key its payload is
  // remembered under, the inspector route it posts to and the JSON it posts.
  var KINDS = {
    publish: { title: function () { return "Publish a message"; }, field: "Destination URL", type: true,
      key: function (t, f) { return "publish " + f; }, path: function () { return "/publish"; },
      body: function (t, f, p, type) { return { url: f, body: p, contentType: type }; } },
    enqueue: { title: function (t) { return "Enqueue into queue " + t; }, field: "Destination URL", type: true,
      key: function (t) { return "enqueue " + t; }, path: function (t) { return "/queue/" + enc(t) + "/enqueue"; },
      body: function (t, f, p, type) { return { url: f, body: p, contentType: type }; } },
    trigger: { title: function () { return "Trigger a workflow run"; }, field: "Workflow URL",
      key: function (t, f) { return "trigger " + f; }, path: function () { return "/workflows/trigger"; },
      body: function (t, f, p) { return { url: f, body: p }; } },
    notify: { title: function () { return "Notify an event"; }, field: "Event id",
      key: function (t, f) { return "notify " + f; }, path: function (t, f) { return "/events/" + enc(f) + "/notify"; },
      body: function (t, f, p) { return { body: p }; } },
    schedule: { title: function (t) { return "Run schedule " + t + " now"; }, load: function (t) { return "/schedule/" + enc(t) + "/payload"; },
      key: function (t) { return "schedule " + t; }, path: function (t) { return "/schedule/" + enc(t) + "/run"; },
      body: function (t, f, p) { return { body: p }; } },
    dlq: { title: function (t) { return "Retry DLQ message " + t + " with a payload"; }, load: function (t) { return "/dlq/" + enc(t) + "/payload"; },
      key: function (t, f, k) { return "dlq " + k; }, path: function (t) { return "/dlq/" + enc(t) + "/retry-with"; },
      body: function (t, f, p) { return { body: p }; } }
  };
  var open = null;

  function read(key) { try { return localStorage.getItem(key); } catch (error) { return null; } }
  function write(key, value) { try { localStorage.setItem(key, value); } catch (error) { /* storage full or off */ } }
  function field() { return $("editor-target").value.trim(); }
  // A payload is remembered per target and per QStash region: the same queue name may live in both.
  function keyOf() { return PAYLOAD + open.kind.key(open.target, field(), open.keyTarget) + open.where; }
  function titleOf() { return open.kind.title(open.shown) + open.where; }
  // The region the action goes to, as the inspector's routes take it (none: the default region).
  function inRegion(path) { return open.region ? path + "?region=" + enc(open.region) : path; }

  // \`options\`: \`shown\`, how the heading names the target when its id is not what the table
  // shows (a DLQ entry is listed by its message id); \`keyTarget\`, what its payload is remembered
  // by; \`region\` and \`where\` (" in US_EAST_1"), the row's region on a two-region emulator.
  async function show(name, target, options) {
    var kind = KINDS[name];
    var given = options || {};
    open = { name: name, kind: kind, target: target, keyTarget: given.keyTarget || target, shown: given.shown || target,
      region: given.region || "", where: given.where || "" };
    $("editor-heading").textContent = titleOf();
    $("editor-target-row").hidden = !kind.field;
    $("editor-type-row").hidden = !kind.type;
    if (kind.field) {
      $("editor-target-label").textContent = kind.field;
      $("editor-target").value = name === "notify" && target ? target : (read(FIELD + name) || "");
    }
    var fallback = name === "notify" ? "" : "{}";
    if (kind.load) {
      try { fallback = (await deps.call(inRegion(kind.load(target)))).body; }
      catch (error) { deps.say(titleOf() + ": " + error.message); }
    }
    var remembered = read(keyOf());
    $("editor-payload").value = remembered === null ? fallback : remembered;
    $("editor-send").disabled = !deps.allow.checked;
    $("editor").showModal();
  }

  $("editor-target").addEventListener("change", function () {
    var remembered = open && read(keyOf());
    if (remembered !== null && remembered !== undefined) $("editor-payload").value = remembered;
  });
  $("editor-cancel").addEventListener("click", function () { $("editor").close(); });
  $("editor-form").addEventListener("submit", async function (event) {
    event.preventDefault();
    if (!open) return;
    var title = titleOf();
    if (!deps.allowed(title)) return;
    var payload = $("editor-payload").value;
    var value = field();
    var path = inRegion(open.kind.path(open.target, value));
    var body = open.kind.body(open.target, value, payload, $("editor-type").value.trim());
    try {
      await deps.call(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      write(keyOf(), payload);
      if (open.kind.field) write(FIELD + open.name, value);
      deps.say(title + ": done");
      $("editor").close();
    } catch (error) { deps.say(title + ": " + error.message); }
    deps.refresh();
  });

  return {
    show: show,
    // A button that opens the editor for one target; like every button that changes something,
    // off until changes are allowed.
    button: function (name, target, label, title, options) {
      return deps.h("button", { type: "button", "class": "change", "aria-label": title, disabled: !deps.allow.checked,
        onclick: function () { if (deps.allowed(title)) show(name, target, options); }, text: label });
    }
  };
};
`;
