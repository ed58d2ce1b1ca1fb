/*
 * Making and finding the panel's elements. Text goes in as textContent, never as HTML; an
 * element is found by comparing its attribute's value, so no selector is built from an id.
 */
(function (root) {
  "use strict";
  var Docent = root.Docent = root.Docent || {};

  function make(tag, className, text) {
    var element = document.createElement(tag);
    if (className) element.className = className;
    if (text != null) element.textContent = String(text);
    return element;
  }

  /* The first element whose attribute `name` is exactly `value`, or null. */
  function byAttribute(name, value) {
    var all = document.querySelectorAll("[" + name + "]");
    for (var i = 0; i < all.length; i++) {
      if (all[i].getAttribute(name) === value) return all[i];
    }
    return null;
  }

  Docent.make = make;
  Docent.byAttribute = byAttribute;
})(self);
