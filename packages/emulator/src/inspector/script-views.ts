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
  // With several QStash regions, each table starts with the row's region, and a button names
  // its region (in its label and its request): the same queue name may live in both.
  function regional(o, headings, items, cells, empty) {
    var many = o.regions.length > 1;
    return table(many ? ["Region"].concat(headings) : headings, items.map(function (item) {
      var row = cells(item, many && item.region ? " in " + item.region : "", item.region ? "?region=" + encodeURIComponent(item.region) : "");
      return many ? [item.region || "-"].concat(row) : row;
    }), empty);
  }

  // A DLQ entry's key in the page's selection: the same id may live in both regions.
  function dlqKey(d) { return (d.region || "") + " " + d.dlqId; }
  // The requests that act on the selected DLQ entries: one per region among them, each naming
  // only its own entries (none selected: one request, which the inspector refuses with a reason).
  function bulk(selected, action) {
    return function () {
      var ids = {};
      selected.forEach(function (d) { var at = d.region || ""; (ids[at] = ids[at] || []).push(d.dlqId); });
      var regions = Object.keys(ids);
      return (regions.length === 0 ? [""] : regions).map(function (at) {
        return { path: "/dlq/" + action + (at ? "?region=" + encodeURIComponent(at) : ""), body: { dlqIds: ids[at] || [] } };
      });
    };
  }

  return {
    h: h,
    dlqKey: dlqKey,
    time: time,
    clock: function (o) {
      return o.clockOffsetMs > 0
        ? "Emulator clock: " + time(o.now) + ", " + duration(o.clockOffsetMs) + " ahead of real time (the test clock was moved)"
        : "";
    },
    queues: function (o, button, edit) {
      return regional(o, ["Name", "State", "Lag", "In flight", "Parallelism", "Actions"], o.queues, function (q, where, region) {
        var verb = q.paused ? "Resume" : "Pause";
        return [q.name, state(q.paused), String(q.lag), String(q.inFlight), String(q.parallelism), h("span", {}, [
          button(verb, verb + " queue " + q.name + where, "/queue/" + encodeURIComponent(q.name) + "/" + verb.toLowerCase() + region),
          edit("enqueue", q.name, "Enqueue\u2026", "Enqueue into queue " + q.name + where, { region: q.region, where: where })])];
      }, "No queues.");
    },
    messages: function (o) {
      var t = regional(o, ["Message", "Queue", "Destination", "Status", "Retried", "Due", "Last answer"], o.messages.rows, function (m) {
        return [m.id, m.queue || "-", m.destination, m.status, String(m.retried), m.due > o.now ? onClock(o, m.due) : "now", m.lastAnswer || "-"];
      }, "No messages waiting.");
      return h("div", {}, [h("p", { "class": "hint", text: o.messages.total + " waiting" + more(o.messages.rows.length, o.messages.total) }), t]);
    },
    dlq: function (o, button, edit, selected, each) {
      var rows = regional(o, ["Select", "Message", "Queue", "Destination", "Response", "Failed at", "Actions"], o.dlq.rows, function (d, where, region) {
        var path = "/dlq/" + encodeURIComponent(d.dlqId);
        var key = dlqKey(d);
        var pick = h("input", { type: "checkbox", "aria-label": "Select DLQ message " + d.messageId + where, checked: selected.has(key) });
        pick.addEventListener("change", function () { if (pick.checked) selected.set(key, d); else selected.delete(key); });
        var actions = h("span", {}, [
          button("Retry", "Retry DLQ message " + d.messageId + where, path + "/retry" + region),
          edit("dlq", d.dlqId, "Retry with\u2026", "Edit and retry DLQ message " + d.messageId + where,
            { keyTarget: d.destination, shown: d.messageId, region: d.region, where: where }),
          button("Delete", "Delete DLQ message " + d.messageId + where, path + "/delete" + region)
        ]);
        return [pick, d.messageId, d.queue || "-", d.destination, d.responseStatus === null ? "-" : String(d.responseStatus), onClock(o, d.failedAt), actions];
      }, "The dead letter queue is empty.");
      if (o.dlq.rows.length === 0) return rows;
      return h("div", {}, [h("p", { "class": "actions" }, [
        each("Retry selected", "Retry the selected DLQ messages", bulk(selected, "retry")),
        each("Delete selected", "Delete the selected DLQ messages", bulk(selected, "delete"))
      ]), rows]);
    },
    schedules: function (o, button, edit) {
      return regional(o, ["Schedule", "Cron", "Destination", "State", "Next tick", "Actions"], o.schedules, function (s, where, region) {
        var verb = s.paused ? "Resume" : "Pause";
        return [s.id, s.cron, s.destination, state(s.paused), s.nextTick ? onClock(o, s.nextTick) : "-", h("span", {}, [
          button(verb, verb + " schedule " + s.id + where, "/schedule/" + encodeURIComponent(s.id) + "/" + verb.toLowerCase() + region),
          edit("schedule", s.id, "Run now\u2026", "Run schedule " + s.id + " now" + where, { region: s.region, where: where })])];
      }, "No schedules.");
    },
    flowControl: function (o, button) {
      return regional(o, ["Key", "State", "Parallelism", "Rate", "Waiting", "Wait list", "Actions"], o.flowControl, function (f, where, region) {
        var verb = f.paused ? "Resume" : "Pause";
        var rate = f.rate === null ? "-" : f.rate + " per " + (f.period || 1) + " s";
        return [f.key, state(f.paused), f.parallelism === null ? "-" : String(f.parallelism), rate, String(f.waiting),
          f.waitList.join(", ") || "-",
          button(verb, verb + " flow-control key " + f.key + where, "/flow-control/" + encodeURIComponent(f.key) + "/" + verb.toLowerCase() + region)];
      }, "No flow-control keys.");
    },
    workflowRuns: function (o, edit) {
      var t = regional(o, ["Run", "URL", "State", "Steps", "Started", "Last failed answer", "Why it is not moving", "Actions"], o.workflowRuns.rows, function (r, where) {
        var notify = h("span", {}, r.waitingFor.map(function (eventId) {
          return edit("notify", eventId, "Notify\u2026", "Notify event " + eventId + where, { region: r.region, where: where });
        }));
        return [r.id, r.url, r.state, String(r.steps), onClock(o, r.createdAt), r.lastFailure || "-", r.stalled || "-", notify];
      }, "No workflow runs.");
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
      return regional(o, ["Message", "Queue", "Destination", "Retries", "Delivered at"], o.delivered, function (d) {
        return [d.messageId, d.queue || "-", d.destination, String(d.retried), onClock(o, d.deliveredAt)];
      }, "Nothing delivered yet.");
    }
  };
})();
`;
