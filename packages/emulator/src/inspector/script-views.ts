/**
 * The page's tables, as browser JavaScript (served as is, no build step): one function per
 * section, each turning the overview's rows into cells. Values go in with `textContent` only.
 * No template literals inside, so nothing here is interpolated by TypeScript.
 */
export const INSPECTOR_VIEWS = `
var views = (function () {
  function h(tag, props, children) {
    var node = document.createElement(tag);
    Object.keys(props || {}).forEach(function (key) {
      var value = props[key];
      if (key === "text") node.textContent = value;
      else if (key === "onclick") node.addEventListener("click", value);
      else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
    });
    (children || []).forEach(function (child) { node.append(child); });
    return node;
  }
  function table(headings, rows, empty) {
    if (rows.length === 0) return h("p", { "class": "empty", text: empty });
    return h("table", {}, [
      h("thead", {}, [h("tr", {}, headings.map(function (t) { return h("th", { scope: "col", text: t }); }))]),
      h("tbody", {}, rows.map(function (cells) {
        return h("tr", {}, cells.map(function (cell) {
          return typeof cell === "string" ? h("td", { text: cell }) : h("td", {}, [cell]);
        }));
      }))
    ]);
  }
  // Date and time in the viewer's time zone; times kept on the emulator's clock are marked once
  // the test clock has moved ahead of real time.
  function time(ms) { return ms ? new Date(ms).toLocaleString() : "-"; }
  function onClock(o, ms) { return ms && o.clockOffsetMs > 0 ? time(ms) + " (emulator clock)" : time(ms); }
  function duration(ms) {
    var minutes = Math.round(ms / 60000);
    if (minutes < 1) return Math.round(ms / 1000) + " s";
    if (minutes < 120) return minutes + " min";
    var hours = Math.round(minutes / 60);
    return hours < 48 ? hours + " h" : Math.round(hours / 24) + " days";
  }
  function state(paused) { return h("span", { "class": paused ? "paused" : "", text: paused ? "paused" : "active" }); }
  function more(shown, total) { return total > shown ? " (first " + shown + " of " + total + ")" : ""; }

  return {
    h: h,
    time: time,
    clock: function (o) {
      return o.clockOffsetMs > 0
        ? "Emulator clock: " + time(o.now) + ", " + duration(o.clockOffsetMs) + " ahead of real time (the test clock was moved)"
        : "";
    },
    queues: function (o, button, edit) {
      return table(["Name", "State", "Lag", "In flight", "Parallelism", "Actions"], o.queues.map(function (q) {
        var verb = q.paused ? "Resume" : "Pause";
        return [q.name, state(q.paused), String(q.lag), String(q.inFlight), String(q.parallelism), h("span", {}, [
          button(verb, verb + " queue " + q.name, "/queue/" + encodeURIComponent(q.name) + "/" + verb.toLowerCase()),
          edit("enqueue", q.name, "Enqueue\u2026", "Enqueue into queue " + q.name)])];
      }), "No queues.");
    },
    messages: function (o) {
      var t = table(["Message", "Queue", "Destination", "Status", "Retried", "Due", "Last answer"], o.messages.rows.map(function (m) {
        return [m.id, m.queue || "-", m.destination, m.status, String(m.retried), m.due > o.now ? onClock(o, m.due) : "now", m.lastAnswer || "-"];
      }), "No messages waiting.");
      return h("div", {}, [h("p", { "class": "hint", text: o.messages.total + " waiting" + more(o.messages.rows.length, o.messages.total) }), t]);
    },
    dlq: function (o, button, edit, selected) {
      var rows = table(["Select", "Message", "Queue", "Destination", "Response", "Failed at", "Actions"], o.dlq.rows.map(function (d) {
        var path = "/dlq/" + encodeURIComponent(d.dlqId);
        var pick = h("input", { type: "checkbox", "aria-label": "Select DLQ message " + d.messageId, checked: selected.has(d.dlqId) });
        pick.addEventListener("change", function () { if (pick.checked) selected.add(d.dlqId); else selected.delete(d.dlqId); });
        var actions = h("span", {}, [
          button("Retry", "Retry DLQ message " + d.messageId, path + "/retry"),
          edit("dlq", d.dlqId, "Retry with\u2026", "Edit and retry DLQ message " + d.messageId, d.destination, d.messageId),
          button("Delete", "Delete DLQ message " + d.messageId, path + "/delete")
        ]);
        return [pick, d.messageId, d.queue || "-", d.destination, d.responseStatus === null ? "-" : String(d.responseStatus), onClock(o, d.failedAt), actions];
      }), "The dead letter queue is empty.");
      if (o.dlq.rows.length === 0) return rows;
      return h("div", {}, [h("p", { "class": "actions" }, [
        button("Retry selected", "Retry the selected DLQ messages", "/dlq/retry", function () { return { dlqIds: Array.from(selected) }; }),
        button("Delete selected", "Delete the selected DLQ messages", "/dlq/delete", function () { return { dlqIds: Array.from(selected) }; })
      ]), rows]);
    },
    schedules: function (o, button, edit) {
      return table(["Schedule", "Cron", "Destination", "State", "Next tick", "Actions"], o.schedules.map(function (s) {
        var verb = s.paused ? "Resume" : "Pause";
        return [s.id, s.cron, s.destination, state(s.paused), s.nextTick ? onClock(o, s.nextTick) : "-", h("span", {}, [
          button(verb, verb + " schedule " + s.id, "/schedule/" + encodeURIComponent(s.id) + "/" + verb.toLowerCase()),
          edit("schedule", s.id, "Run now\u2026", "Run schedule " + s.id + " now")])];
      }), "No schedules.");
    },
    flowControl: function (o, button) {
      return table(["Key", "State", "Parallelism", "Rate", "Waiting", "Wait list", "Actions"], o.flowControl.map(function (f) {
        var verb = f.paused ? "Resume" : "Pause";
        var rate = f.rate === null ? "-" : f.rate + " per " + (f.period || 1) + " s";
        return [f.key, state(f.paused), f.parallelism === null ? "-" : String(f.parallelism), rate, String(f.waiting),
          f.waitList.join(", ") || "-",
          button(verb, verb + " flow-control key " + f.key, "/flow-control/" + encodeURIComponent(f.key) + "/" + verb.toLowerCase())];
      }), "No flow-control keys.");
    },
    workflowRuns: function (o, edit) {
      var t = table(["Run", "URL", "State", "Steps", "Started", "Last failed answer", "Why it is not moving", "Actions"], o.workflowRuns.rows.map(function (r) {
        var notify = h("span", {}, r.waitingFor.map(function (eventId) {
          return edit("notify", eventId, "Notify\u2026", "Notify event " + eventId);
        }));
        return [r.id, r.url, r.state, String(r.steps), onClock(o, r.createdAt), r.lastFailure || "-", r.stalled || "-", notify];
      }), "No workflow runs.");
      return h("div", {}, [h("p", { "class": "hint", text: o.workflowRuns.total + " runs" + more(o.workflowRuns.rows.length, o.workflowRuns.total) }), t]);
    },
    indexes: function (o, reveal) {
      return table(["Name", "Region", "Type", "Documents", "By namespace", "Token"], o.indexes.map(function (i) {
        var names = i.namespaces.rows.map(function (n) { return (n.name === "" ? "(default)" : n.name) + ": " + n.documents; });
        if (i.namespaces.total > i.namespaces.rows.length) names.push("and " + (i.namespaces.total - i.namespaces.rows.length) + " more");
        return [i.name, i.region, i.type, String(i.documents), names.join(", ") || "-",
          h("button", { type: "button", "aria-label": "Reveal token of index " + i.name, onclick: function (event) { reveal(i, event.target); }, text: "Reveal token" })];
      }), "No search indexes.");
    },
    delivered: function (o) {
      return table(["Message", "Queue", "Destination", "Retries", "Delivered at"], o.delivered.map(function (d) {
        return [d.messageId, d.queue || "-", d.destination, String(d.retried), onClock(o, d.deliveredAt)];
      }), "Nothing delivered yet.");
    }
  };
})();
`;
