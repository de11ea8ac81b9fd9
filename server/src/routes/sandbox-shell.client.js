// The sandbox's native shell (GET /sandbox/shell.js, loaded by /sandbox/shell; server/README.md
// 'The sandbox native shell'). Plain browser script, no build step. It opens the web app in a window
// it owns (the "webview"), installs the bridge of docs/native-bridge.md 'The native shell bridge' into that window
// (again after every page load in it), answers as the form says, and logs every call.
(function () {
  'use strict';
  var IOS_HANDLER = 'borrowerBridge';
  var ANDROID_INTERFACE = 'BorrowerBridge';
  var RECEIVER = 'borrowerBridgeReceive';
  var ANSWER_DELAY_MS = 150;
  var WATCH_MS = 10;

  var form = document.getElementById('shell');
  var logList = document.getElementById('log');
  if (!form || !logList) return;

  function field(id) {
    var el = document.getElementById(id);
    return el ? String(el.value).trim() : '';
  }
  function choice(name) {
    var el = form.querySelector('input[name="' + name + '"]:checked');
    return el ? el.value : '';
  }
  function stamp() {
    var d = new Date();
    var pad = function (n, w) { return String(n).padStart(w || 2, '0'); };
    return pad(d.getHours()) + ':' + pad(d.getMinutes()) + ':' + pad(d.getSeconds()) + '.' + pad(d.getMilliseconds(), 3);
  }
  function log(kind, text) {
    var li = document.createElement('li');
    li.dataset.kind = kind;
    var time = document.createElement('span');
    time.className = 'time';
    time.textContent = stamp();
    li.appendChild(time);
    li.appendChild(document.createTextNode(' ' + text));
    logList.appendChild(li);
  }

  var DEFAULTS = {
    ios: { systemVersion: '17.5', model: 'iPhone15,2', sdkVersion: '17.5', brand: 'Apple' },
    android: { systemVersion: '14', model: 'Pixel 8', sdkVersion: '34', brand: 'Google' },
  };
  // Switching the flavour swaps the device defaults (fields the tester changed stay as typed).
  var lastFlavour = choice('flavour');
  form.addEventListener('change', function (event) {
    var target = event.target;
    if (!target || target.name !== 'flavour') return;
    var from = DEFAULTS[lastFlavour];
    var to = DEFAULTS[target.value];
    lastFlavour = target.value;
    if (!from || !to) return;
    Object.keys(to).forEach(function (key) {
      var el = document.getElementById(key);
      if (el && el.value === from[key]) el.value = to[key];
    });
  });

  function postJson(path, body) {
    return fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(function (res) {
      return res.json().then(function (json) {
        if (!res.ok) throw new Error(json && json.error ? json.error : 'HTTP ' + res.status);
        return json;
      });
    });
  }

  /** What this opening of the app answers, read from the form when Open is tapped. */
  function settings() {
    var device = {
      deviceId: field('deviceId'),
      version: field('version'),
      idfv: field('idfv'),
      idfa: field('idfa'),
      systemVersion: field('systemVersion'),
      model: field('model'),
    };
    return {
      flavour: choice('flavour'),
      answer: choice('answer'),
      device: device,
      extra: { sdkVersion: field('sdkVersion'), brand: field('brand') },
      phone: field('phone').replace(/[\s+-]/g, ''),
      page: field('page') || '/joint',
      closeWindow: document.getElementById('closeWindow').checked,
    };
  }

  /** Binds the device to the phone (when given): done while the app loads. */
  function prepare(s) {
    return s.phone
      ? postJson('/sandbox/api/devices', { deviceId: s.device.deviceId, phone: s.phone }).then(function (r) {
          log('setup', 'Device ' + s.device.deviceId + ' bound to +' + r.phone + '.');
        })
      : Promise.resolve(log('setup', 'Device ' + s.device.deviceId + ': no phone given (a device never seen before signs in as a new borrower).'));
  }

  // The last signed answer of this page, for "replayed".
  var lastSigned = null;
  var STALE_SECONDS = 600;

  /**
   * The device info for one request, as a native app makes it: signed afresh each time (a new
   * timestamp and nonce), unsigned, badly signed, signed 10 minutes ago, or the last signed one again.
   */
  function deviceInfoFor(s) {
    var device = Object.assign({}, s.device);
    if (s.answer === 'unsigned') return Promise.resolve(Object.assign({ sign: '' }, device));
    if (s.answer === 'replay') {
      if (!lastSigned) return Promise.reject(new Error('no signed answer to replay yet: open the app once with "Signed" first'));
      return Promise.resolve(lastSigned);
    }
    var when =
      s.answer === 'stale'
        ? fetch('/sandbox/api/clock').then(function (res) { return res.json(); }).then(function (clock) {
            return String(Math.floor(Date.parse(clock.now) / 1000) - STALE_SECONDS);
          })
        : Promise.resolve(undefined);
    return when.then(function (timestamp) {
      return postJson('/sandbox/api/shell/sign', timestamp ? Object.assign({ timestamp: timestamp }, device) : device).then(function (r) {
        var info = Object.assign({ sign: s.answer === 'bad-sign' ? '0'.repeat(64) : r.sign }, device, { timestamp: r.timestamp, nonce: r.nonce });
        if (s.answer === 'signed') lastSigned = info;
        return info;
      });
    });
  }

  var LABELS = { signed: 'signed', unsigned: 'unsigned', 'bad-sign': 'badly signed', stale: 'signed 10 minutes ago', replay: 'replayed' };

  function describe(message) {
    return message && typeof message === 'object' ? message.method + ' (#' + message.id + ')' : String(message);
  }

  function answer(win, response, label) {
    setTimeout(function () {
      if (win.closed) return;
      var receive;
      try {
        receive = win[RECEIVER];
      } catch {
        return log('error', 'The app window left this site: no answer delivered.');
      }
      if (typeof receive !== 'function') return log('error', 'No ' + RECEIVER + ' in the page: answer to #' + response.id + ' dropped.');
      // As a native shell does (evaluateJavaScript with a JSON literal): a plain object of the page.
      receive.call(win, win.JSON.parse(JSON.stringify(response)));
      log('answer', '← ' + label);
    }, ANSWER_DELAY_MS);
  }

  function handle(win, s, prepared, message) {
    if (!message || typeof message !== 'object' || typeof message.id !== 'string') return log('error', 'Unreadable request: ' + JSON.stringify(message));
    log('request', '→ ' + describe(message));
    var ok = function (data, label) { answer(win, { id: message.id, ok: true, data: data }, label); };
    var refuse = function (text, label) { answer(win, { id: message.id, ok: false, error: { message: text } }, label); };
    switch (message.method) {
      case 'deviceInfo':
        if (s.answer === 'refuse') return refuse('The user did not allow sharing the device info.', 'deviceInfo refused');
        if (s.answer === 'timeout') return log('answer', '(deviceInfo left unanswered: the app times out)');
        prepared
          .then(function () { return deviceInfoFor(s); })
          .then(
            function (info) {
              ok(Object.assign({}, info, s.extra), 'deviceInfo ' + LABELS[s.answer] + ' (deviceId ' + s.device.deviceId + ')');
            },
            function (error) {
              log('error', 'Setting up the device info failed: ' + error.message);
              refuse('The shell could not prepare the device info.', 'deviceInfo refused (setup failed)');
            },
          );
        return;
      case 'openStoreReview':
        log('action', 'Store review page opened.');
        return ok(null, 'openStoreReview done');
      case 'closeWebview':
      case 'finish':
        log('action', message.method === 'finish' ? 'Finish: the shell ends the web flow.' : 'Webview closed.');
        ok(null, message.method + ' done');
        if (s.closeWindow) setTimeout(function () { win.close(); }, ANSWER_DELAY_MS + 100);
        return;
      default:
        return refuse('Unknown method ' + message.method, 'unknown method refused');
    }
  }

  function install(win, s, prepared) {
    win.__sandboxShell = true;
    if (s.flavour === 'ios') {
      win.webkit = {
        messageHandlers: {
          borrowerBridge: {
            postMessage: function (message) {
              // WKWebView copies the message (structured data), as JSON does here.
              handle(win, s, prepared, JSON.parse(JSON.stringify(message)));
            },
          },
        },
      };
    } else if (s.flavour === 'android') {
      win[ANDROID_INTERFACE] = {
        postMessage: function (json) {
          if (typeof json !== 'string') return log('error', 'The Android interface takes a JSON string, got ' + typeof json + '.');
          var message;
          try {
            message = JSON.parse(json);
          } catch {
            return log('error', 'Not JSON: ' + json);
          }
          handle(win, s, prepared, message);
        },
      };
    }
    var where = '';
    try {
      where = win.location.pathname + win.location.search;
    } catch {
      where = '?';
    }
    log('setup', s.flavour === 'none' ? 'Page loaded without a shell: ' + where : 'Bridge installed (' + (s.flavour === 'ios' ? 'iOS webkit.messageHandlers.' + IOS_HANDLER : 'Android ' + ANDROID_INTERFACE) + ') on ' + where);
  }

  var watcher = null;
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var s = settings();
    // Opened first, while the tap still counts as the user's (popup blockers), then prepared.
    var win = window.open(s.page, 'borrower-webview', 'popup,width=390,height=844');
    if (!win) return log('error', 'The browser blocked the app window: allow pop-ups for this page.');
    log('setup', 'Opened ' + s.page + ' (' + s.flavour + ', device info: ' + s.answer + ').');
    var prepared = prepare(s);
    prepared.catch(function () {});
    if (watcher) clearInterval(watcher);
    watcher = setInterval(function () {
      if (win.closed) {
        clearInterval(watcher);
        watcher = null;
        return log('setup', 'The app window is closed.');
      }
      try {
        if (win.location.href === 'about:blank' || win.__sandboxShell) return;
      } catch {
        return; // another site (a payment page): nothing to install
      }
      install(win, s, prepared);
    }, WATCH_MS);
  });

  document.getElementById('clear').addEventListener('click', function () {
    logList.textContent = '';
  });
})();
