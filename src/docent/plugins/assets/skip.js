/*
 * The keyboard's way to the guide: a "Skip to the guide" link near the page's top, out of sight until it has focus,
 * as the site's own "Skip to content" is. The launcher is the body's last element, so Tab from the page's top
 * passed every link of the page first (81 stops on Typer's home page, 132 on Commitizen's). A skip link rather than
 * a key of its own: one letter is a shortcut a speech-input user fires by saying a word (WCAG 2.1.4), Material's
 * keys (/, s, f, p, n, ",", ".") and a site's own scripts claim the rest, and a shortcut is found only by the visitor
 * who read of it, where the first Tab or two shows the link.
 */
import { make } from "./dom.js";

/* The link, placed after the site's own skip link where it has one (Material's, whose holder an instant page swap
   replaces: the link beside it stays), else first in the page's body; enter(event) opens the panel. */
export function skipLink(target, enter) {
  const link = make("a", "docent-skip", "Skip to the guide");
  link.href = `#${target}`;
  link.addEventListener("click", (event) => {
    event.preventDefault(); // the panel opens and takes focus; the page neither scrolls nor gains a fragment
    enter(event);
  });
  const theirs = document.querySelector("[data-md-component='skip']");
  if (theirs && theirs.parentNode === document.body) theirs.after(link);
  else document.body.insertBefore(link, document.body.firstChild);
  return link;
}
