/*
 * The floating panel: a button in the page's bottom corner that opens a labelled, non-modal dialog (Esc closes
 * it and gives focus back to what opened it: the button, or the keyboard's skip link at the page's top, skip.js); on a
 * phone, a sheet along the screen's bottom. The header's ▾ shrinks it to the header and ▴ brings it back.
 *
 * While the guide points at a part, runs an experiment, tours or opens a citation, it makes room (makeRoom): on a
 * wide screen it stays where it leaves the part's columns free, else moves to the other side where that side
 * does, else docks where the screen has room for the page beside it (dock.js: the page narrows, the panel stays
 * whole, until the panel closes or the visitor shrinks it); otherwise, and on a phone, it shrinks to its header and
 * stays so until the visitor comes back to it (its header's ▴, or the peek's "Read the answer"; the launcher is hidden
 * meanwhile). Shrunk for the guide, it keeps a
 * peek of the answer under its header (peek.js), its height fixed, and what the guide shows is scrolled into the part
 * above it. Shrunk, the header takes the launcher's place in the corner and the launcher steps aside (is-folded): the
 * two stacked at the corner said the same twice.
 */
import { canDock, content, dock, docked, undock } from "./dock.js";
import { followScheme } from "./dom.js";
import { Peek } from "./peek.js";
import { skipLink } from "./skip.js";
import { PanelView, button } from "./view.js";
import { pin, visible } from "./viewport.js";

const GAP = 16;      // about the 1em the panel keeps from the screen's edge (panel.css)
const WIDE_PX = 600; // narrower, the panel is a sheet along the bottom: no side to move to
const PEEK_MIN_PX = 288; // the narrowest peek that stands in a margin: its header's buttons and two lines of words

/* Where the panel goes for box (the shown thing's DOMRect), from mine (its own), standing on the left or not:
   "stay", "move" (to the other side), or "shrink". */
function roomFor(box, mine, onLeft) {
  const seen = visible();
  const width = seen.width;
  const right = { left: seen.right - mine.width - GAP, right: seen.right - GAP };
  const left = { left: seen.left + GAP, right: seen.left + GAP + mine.width };
  const fitsRight = box.left >= right.right || box.right <= right.left;
  const fitsLeft = box.left >= left.right || box.right <= left.left;
  const wide = width > WIDE_PX;
  if (wide && (onLeft ? fitsLeft : fitsRight)) return "stay"; // where it is, it leaves the element's columns free
  if (wide && (onLeft ? fitsRight : fitsLeft)) return "move";
  return "shrink";
}

export class FloatingView extends PanelView {
  /* hooks: {submit, opened, closed, forget}; the rest as PanelView's. */
  constructor(hooks, siteName, suggestions, kind) {
    super("float", null, hooks, siteName, suggestions, kind);
  }

  /* A dialog with its shrink and close buttons, opened by the launcher in the page's corner. */
  place() {
    const panel = this.panel;
    panel.setAttribute("role", "dialog");
    panel.setAttribute("aria-modal", "false");
    panel.hidden = true;
    this.peek = new Peek(this.log, (event) => this.focus(event));
    this.shrinkButton = button("docent-shrink");
    this.shrinkButton.setAttribute("aria-controls", panel.id);
    this.shrinkButton.addEventListener("click", () => this.collapse(!this.collapsed, true));
    this.head.appendChild(this.shrinkButton);
    this.collapse(false, false);
    const close = button("docent-close", "\u00d7");
    close.setAttribute("aria-label", "Close the guide");
    close.addEventListener("click", () => this.close());
    this.head.appendChild(close);
    this.head.after(this.peek.element);
    panel.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        this.close();
      }
    });
    document.body.appendChild(this.launch());
    document.body.appendChild(panel);
    this.skip = skipLink(this.input.id, (event) => this.enter(this.skip, event));
    followScheme(this.skip);
    followScheme(this.launcher);
    followScheme(panel);
    pin(this.launcher);
    pin(panel);
    this.resized = () => {
      if (docked() && !canDock(this.panel.getBoundingClientRect(), GAP)) undock();
      this.roomAgain();
    };
    window.addEventListener("resize", this.resized);
  }

  launch() {
    const launcher = this.launcher = button("docent-launcher", "Ask the guide");
    launcher.setAttribute("aria-haspopup", "dialog");
    launcher.setAttribute("aria-expanded", "false");
    launcher.setAttribute("aria-controls", this.panel.id);
    launcher.classList.toggle("is-folded", this.collapsed);
    launcher.addEventListener("click", (event) => {
      if (this.isOpen()) this.close();
      else this.enter(launcher, event);
    });
    return launcher;
  }

  /* The visitor opens the panel from opener (the launcher, the skip link): focus goes into it, and back to the opener
     when it closes. Open already (the skip link), the question takes focus. */
  enter(opener, event) {
    this.opener = opener;
    if (this.isOpen()) this.focus(event);
    else this.open(true, event);
  }

  /* Shrinks the panel to its header, or grows it back; byVisitor: the visitor pressed the button. */
  collapse(collapsed, byVisitor) {
    this.collapsed = collapsed;
    if (byVisitor) this.clearRoom();
    if (collapsed) undock(); // shrunk to the corner, it needs no column of its own
    this.panel.classList.toggle("is-collapsed", collapsed);
    this.shrinkButton.setAttribute("aria-expanded", collapsed ? "false" : "true");
    this.shrinkButton.setAttribute("aria-label", collapsed ? "Show the whole guide" : "Shrink the guide to its header");
    this.shrinkButton.textContent = collapsed ? "\u25b4" : "\u25be";
    if (this.launcher) this.launcher.classList.toggle("is-folded", collapsed);
    if (!collapsed) this.peek.show(false);
    if (!collapsed) this.stepBack();
    if (!collapsed && this.pinned) this.scrollToEnd();
  }

  /* Shrinks the panel for the guide: the peek of the answer stays under the header. Focus left in a part now hidden
     (the question), or lost to the page's body (the Ask button pressed is disabled while the guide answers), goes to
     the peek's button: a keyboard's or a screen reader's next step is the answer, not the page's start. */
  shrinkForGuide() {
    this.collapse(true, false);
    this.roomed = true;
    this.peek.show(true);
    this.sidestep();
    const focused = document.activeElement;
    const lost = !focused || focused === document.body || focused === document.documentElement;
    if (lost || (this.panel.contains(focused) && !focused.getClientRects().length)) {
      this.peek.openButton.focus({ preventScroll: true });
    }
  }

  /* On a wide screen with no room for the page beside the whole panel, the peek stands in the page's margin beside its
     content (dock.js's content), narrowed to it, where the margin is wide enough (PEEK_MIN_PX): at 1280 x 800 on the
     example's case page the peek, at the right, lay over two boxes of the flow diagram in the content column, and the
     margin at its left (under a short table of contents) stood empty. Where it is clear of the content already, or no
     margin is wide enough, it stays as it is. */
  sidestep() {
    const page = content();
    const seen = visible();
    if (!page || seen.width <= WIDE_PX) return;
    const box = page.getBoundingClientRect(), mine = this.panel.getBoundingClientRect();
    const onLeft = this.panel.classList.contains("is-left");
    const room = { left: box.left - seen.left - 2 * GAP, right: seen.right - box.right - 2 * GAP };
    if (room[onLeft ? "left" : "right"] >= mine.width) return;
    const side = room.left > room.right ? "left" : "right";
    if (room[side] < PEEK_MIN_PX) return;
    this.stepped = { onLeft };
    this.panel.classList.toggle("is-left", side === "left");
    this.panel.style.setProperty("--docent-peek-width", `${Math.floor(Math.min(room[side], mine.width))}px`);
    this.panel.classList.add("is-aside");
  }

  /* The whole panel back where it stood before its peek stepped into the margin. */
  stepBack() {
    if (!this.stepped) return;
    this.panel.classList.toggle("is-left", this.stepped.onLeft);
    this.panel.classList.remove("is-aside");
    this.panel.style.removeProperty("--docent-peek-width");
    this.stepped = null;
  }

  /* A new conversation pressed while the panel is shrunk for the guide: no answer is left to peek at (the peek said
     nothing under a "Read the answer" that read none), so it grows back, the suggestions and the question in sight. */
  setEmpty(empty) {
    super.setEmpty(empty);
    if (empty && this.roomed && this.collapsed) this.collapse(false, true);
  }

  /* Makes room for element (anything with getBoundingClientRect) while the guide shows it: to the other side of
     the screen where the element leaves room there, else down to its header and the answer's peek, until the
     visitor brings it back. */
  makeRoom(element) {
    if (!this.isOpen() || !element) return;
    this.remember(() => this.makeRoom(element), element);
    const onLeft = this.panel.classList.contains("is-left");
    const room = roomFor(element.getBoundingClientRect(), this.panel.getBoundingClientRect(), onLeft);
    if (room === "stay") return;
    if (room === "move") {
      this.panel.classList.toggle("is-left", !onLeft);
      return;
    }
    if (this.collapsed) return; // already out of the way (the guide's doing or the visitor's)
    if (this.dockFor(element)) return;
    this.shrinkForGuide();
  }

  /* Docks the panel at the right, the page narrowed beside it, where that leaves the element's columns free; else
     the page takes its width back (false) and the log its place: docked a moment, taller, a log that then held all it
     had lost its scroll, and the citation the visitor had scrolled down to and pressed was out of sight below once
     they brought the panel back (the element's columns reaching under the docked panel all the same). The
     panel's box is read once: canDock, dock and roomFor read its width alone, which neither its side nor docking
     changes (its top and height do, panel.css). */
  dockFor(element) {
    const mine = this.panel.getBoundingClientRect();
    if (!canDock(mine, GAP)) {
      undock();
      return false;
    }
    this.panel.classList.remove("is-left");
    const at = this.log.scrollTop;
    if (dock(mine, GAP) && roomFor(element.getBoundingClientRect(), mine, false) === "stay") return true;
    undock();
    this.log.scrollTop = at;
    return false;
  }

  /* On the page an answer opened (the visitor asked to see it): a phone's sheet, over most of the screen, shrinks
     to its header and the peek of the answer until the visitor brings it back; on a wider screen the panel makes
     room for the page's content as for a part (beside it where it is clear, docked where the screen has room, else
     its peek). */
  makeWay() {
    if (this.collapsed) return;
    if (visible().width <= WIDE_PX) {
      this.shrinkForGuide();
    } else {
      const page = content();
      if (page) this.makeRoom(page);
    }
    this.remember(() => this.makeWay());
  }

  /* What the guide made room for last (again: makes it again; shown: the element, where it is one), and at which
     width of the screen. */
  remember(again, shown) {
    this.again = again;
    this.shown = shown || null;
    this.roomWidth = visible().width;
  }

  /* The window resized to another width (a phone's turned, a desktop's window widened from a phone's size): the room
     the guide made is made again for the new size, as if it had shown the part then. Shrunk to its peek at a phone's
     width, widened to a desktop's the panel stayed a peek in the corner over the page's content until the next answer,
     where it docks whole beside the page. Not once the visitor came back to the panel (or shrank it or closed it:
     clearRoom forgets it), nor for a change of height alone (a phone's keyboard). */
  roomAgain() {
    const again = this.again, shown = this.shown;
    if (!again || !this.isOpen() || visible().width === this.roomWidth) return;
    if (shown instanceof Element && !shown.isConnected) { // a page swapped in since (instant navigation): as it is
      this.again = null;
      return;
    }
    this.clearRoom(true);
    again();
  }

  /* Ends what makeRoom did; grow: the panel grows back (it shrank for the guide, not the visitor). */
  clearRoom(grow) {
    const roomed = this.roomed;
    this.roomed = false;
    this.again = null;
    if (grow && roomed && this.collapsed) this.collapse(false, false);
  }

  isOpen() {
    return !this.panel.hidden;
  }

  open(focus, event) {
    this.panel.hidden = false;
    this.launcher.setAttribute("aria-expanded", "true");
    this.launcher.classList.add("is-open");
    super.open(focus, event);
  }

  close() {
    if (this.panel.hidden) return;
    const hadFocus = this.panel.contains(document.activeElement);
    this.panel.hidden = true;
    this.clearRoom(true);
    undock();
    this.launcher.setAttribute("aria-expanded", "false");
    this.launcher.classList.remove("is-open");
    const back = this.opener && this.opener.isConnected ? this.opener : this.launcher;
    this.opener = null;
    if (hadFocus) back.focus({ preventScroll: true });
    this.hooks.closed();
  }

  destroy() {
    undock();
    window.removeEventListener("resize", this.resized);
    if (this.launcher.parentNode) this.launcher.parentNode.removeChild(this.launcher);
    this.skip.remove();
    super.destroy();
  }
}
