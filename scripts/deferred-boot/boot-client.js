// The browser half of the deferred boot (see ./transform.ts). Inlined, minified, into the <head>
// of every public page in place of Next's script tags; __CLP_BOOT_CONFIG__ is replaced by the
// page's list of scripts and the names below. Plain ES2017: it runs before any bundle.
(function (config) {
  var w = window;
  var d = document;
  var booted = false;
  var hydrated = false;
  /** The control a visitor activated before React was ready; clicked again once it is. */
  var pending = null;
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

  w.addEventListener(config.hydratedEvent, function () {
    hydrated = true;
    var control = pending;
    pending = null;
    // In a task of its own: the event comes from React's effects, and React does not dispatch
    // events to its handlers in the middle of its own work.
    if (control)
      setTimeout(function () {
        if (control.isConnected) control.click();
      }, 0);
  });

  // A button (or a link that opens a dialog) does nothing useful before React is ready: hold the
  // click, boot, and click it again once hydrated. Form submits and plain links keep their
  // built-in behaviour, which works without JavaScript.
  d.addEventListener(
    'click',
    function (event) {
      if (hydrated || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      var target = event.target;
      var control = target && target.closest ? target.closest('button, a[aria-haspopup]') : null;
      if (!control || (control.type === 'submit' && control.form)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      pending = control;
      boot();
      // Should the scripts never arrive, a link still leads to its page.
      setTimeout(function () {
        if (pending !== control) return;
        pending = null;
        if (control.href) w.location.assign(control.href);
      }, config.giveUpMs);
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
