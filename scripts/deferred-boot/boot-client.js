// The browser half of the deferred boot (see ./transform.ts). Inlined, minified, into the <head>
// of every public page in place of Next's script tags; __CLP_BOOT_CONFIG__ is replaced by the
// page's list of scripts and the names below. Plain ES2017: it runs before any bundle.
(function (config) {
  var w = window;
  var d = document;
  var booted = false;
  var hydrated = false;
  /** The control a visitor activated before React was ready for it; clicked again once it is. */
  var pending = null;
  var pendingSince = 0;
  var TRIGGERS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'];
  var listen = { capture: true, passive: true };

  function boot() {
    if (booted) return;
    booted = true;
    TRIGGERS.forEach(function (type) {
      w.removeEventListener(type, boot, listen);
    });
    config.scripts.forEach(function (attributes) {
      var script = d.createElement('script');
      Object.keys(attributes).forEach(function (name) {
        script.setAttribute(name, attributes[name]);
      });
      script.async = true;
      d.head.appendChild(script);
    });
  }

  // React keeps an element's props on it once it has hydrated it. The page reports hydration as a
  // whole, but a lazily loaded part (the forms of /rates and /ebook) hydrates when its code has
  // arrived, so a held control is clicked again only once React has taken it over too. (This
  // assumes what holds today: every button of a public page is rendered by React.)
  function ownedByReact(element) {
    return Object.keys(element).some(function (key) {
      return key.indexOf('__reactProps$') === 0;
    });
  }

  // Should the scripts never arrive, do what the page does without JavaScript: a link leads to
  // its page, a form is sent to the server.
  function withoutReact(control) {
    if (control.href) w.location.assign(control.href);
    else if (control.type === 'submit' && control.form) control.form.requestSubmit(control);
  }

  function replayWhenReady() {
    var control = pending;
    if (!control) return;
    if (!control.isConnected) {
      pending = null;
      return;
    }
    if (hydrated && ownedByReact(control)) {
      pending = null;
      control.click();
    } else if (Date.now() - pendingSince > config.giveUpMs) {
      pending = null;
      withoutReact(control);
    } else setTimeout(replayWhenReady, 50);
  }

  w.addEventListener(config.hydratedEvent, function () {
    hydrated = true;
    // In a task of its own: the event comes from React's effects, and React does not dispatch
    // events to its handlers in the middle of its own work.
    setTimeout(replayWhenReady, 0);
  });

  // A button or a link that opens a dialog does nothing useful (or not what the visitor expects:
  // a form submits without its checks) before React is ready for it: hold the click, boot, and
  // click again once React is. Plain links keep their built-in behaviour.
  d.addEventListener(
    'click',
    function (event) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      var target = event.target;
      var control = target && target.closest ? target.closest('button, a[aria-haspopup]') : null;
      if (!control || (hydrated && ownedByReact(control))) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      var waiting = pending !== null;
      pending = control;
      pendingSince = Date.now();
      boot();
      if (!waiting) setTimeout(replayWhenReady, 50);
    },
    true,
  );

  var cookies = '; ' + d.cookie;
  var wantsNow =
    cookies.indexOf('; ' + config.ownerCookie + '=1') >= 0 ||
    config.bootParams.some(function (name) {
      return new URLSearchParams(w.location.search).has(name);
    });
  if (wantsNow) boot();
  else
    TRIGGERS.forEach(function (type) {
      w.addEventListener(type, boot, listen);
    });
})(__CLP_BOOT_CONFIG__);
