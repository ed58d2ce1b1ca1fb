/*
 * Docent's panel: the guide in the visitor's browser. The MkDocs plugin adds this script (defer)
 * and panel.css to every page; it loads its modules from its own folder, reads the public
 * manifest (docent/manifest.json beside it), and binds the controller (controller.js) to the page:
 * again on each of Material's instant page swaps (document$), once otherwise.
 */
(function () {
  "use strict";
  if (window.DocentPanelLoaded) return; // Material may run page scripts again on a swap
  window.DocentPanelLoaded = true;

  var MODULES = ["dom.js", "sse.js", "store.js", "site.js", "guide.js", "screen.js", "transcript.js", "actions.js", "tour.js", "view.js", "controller.js"];

  function ownScript() {
    if (document.currentScript && document.currentScript.src) return document.currentScript.src;
    var scripts = document.querySelectorAll("script[src]");
    for (var i = 0; i < scripts.length; i++) {
      if (/(^|\/)docent\/panel\.js(\?|#|$)/.test(scripts[i].src)) return scripts[i].src;
    }
    return null;
  }

  var scriptSrc = ownScript();
  if (!scriptSrc) return;

  /* Under Trusted Types (require-trusted-types-for 'script') script and worker URLs must be vetted:
     the policy "docent" lets through only .js files of the panel's own folder. */
  var folder = new URL(".", scriptSrc).href;
  var policy = null;
  if (window.trustedTypes && window.trustedTypes.createPolicy) {
    try {
      policy = window.trustedTypes.createPolicy("docent", {
        createScriptURL: function (url) {
          if (url.indexOf(folder) !== 0 || !/^[a-z0-9-]+\.js$/.test(url.slice(folder.length))) {
            throw new TypeError("Docent loads only its own scripts, not " + url);
          }
          return url;
        }
      });
    } catch (ignored) {
      policy = null; // the site's CSP names its policies and not "docent": plain URLs, as without Trusted Types
    }
  }

  function scriptURL(name) {
    var url = new URL(name, scriptSrc).href;
    return policy ? policy.createScriptURL(url) : url;
  }

  function load(name) {
    return new Promise(function (resolve, reject) {
      var element = document.createElement("script");
      element.src = scriptURL(name);
      element.async = false; // run in the order listed
      element.onload = resolve;
      element.onerror = function () { reject(new Error("Could not load docent/" + name)); };
      document.head.appendChild(element);
    });
  }

  function manifest() {
    return fetch(new URL("manifest.json", scriptSrc).href, { credentials: "omit" }).then(function (response) {
      if (!response.ok) throw new Error("no manifest");
      return response.json();
    }).catch(function () {
      return null;
    });
  }

  function whenParsed(callback) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", callback, { once: true });
    else callback();
  }

  Promise.all([Promise.all(MODULES.map(load)), manifest()]).then(function (loaded) {
    var panel = new window.Docent.Panel(loaded[1], scriptSrc, scriptURL("worker.js"));
    window.Docent.panel = panel;
    whenParsed(function () {
      if (window.document$ && typeof window.document$.subscribe === "function") {
        window.document$.subscribe(function () { panel.bind(); });
      } else {
        panel.bind();
      }
    });
  }).catch(function (error) {
    if (window.console) console.error("Docent panel:", error.message);
  });
})();
