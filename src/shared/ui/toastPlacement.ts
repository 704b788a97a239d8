// Where the toasts go so that they never cover what a person is about to press: below the top bar
// (its name, theme toggle and the page's buttons stay in view), and away from an open dialog's title
// bar and buttons. Pure: the screen's measurements in, the toast container's place out.

export interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** An open dialog as measured on screen: its paper, and the row of buttons at its foot (if any). */
export interface DialogBox {
  paper: Box;
  actions?: Box;
}

export interface ScreenLayout {
  width: number;
  height: number;
  /** The bottom edge of the top bar on screen (0 when there is none). */
  topBarBottom: number;
  dialogs: DialogBox[];
  /** What the toasts keep clear of besides (the page's header with its main action), as on screen. */
  keepClear?: Box[];
}

/** The toast container's place: CSS lengths in px, `top` or `bottom`. */
export interface ToastPlacement {
  edge: 'top' | 'bottom';
  /** Distance from that edge. */
  offset: number;
  left: number | null;
  right: number;
  maxWidth: number | null;
}

/** Below this width the toasts sit at the foot of the screen, full width (dialogs fill the screen too). */
export const PHONE_MAX_WIDTH = 599.95;
/** A toast's widest. */
export const TOAST_MAX_WIDTH = 440;
/** Narrower than this, a toast beside a dialog is too cramped to read: it goes below instead. */
export const TOAST_MIN_WIDTH = 288;
const EDGE = 16;
const PHONE_EDGE = 8;
const GAP = 8;
/** The height a toast takes at the foot of the screen: buttons reaching into it would be under it. */
const TOAST_BAND = 72;

/**
 * Desktop: top right, below the top bar and the page's header (its main action); with a dialog open,
 * beside it when there is room, else at the foot of the screen above the dialog's buttons. Phone: at
 * the foot, above any dialog's buttons.
 */
export function placeToasts({
  width,
  height,
  topBarBottom,
  dialogs,
  keepClear = [],
}: ScreenLayout): ToastPlacement {
  const phone = width <= PHONE_MAX_WIDTH;
  const edge = phone ? PHONE_EDGE : EDGE;
  const widest = Math.min(TOAST_MAX_WIDTH, width - 2 * edge);

  if (!phone) {
    const besideDialogs =
      dialogs.length === 0
        ? widest
        : width - Math.max(...dialogs.map((dialog) => dialog.paper.right)) - edge - GAP;
    if (besideDialogs >= TOAST_MIN_WIDTH) {
      const maxWidth = Math.min(widest, besideDialogs);
      // Below what must stay clear in the toasts' column and is on screen below the top bar; with a
      // dialog open the page behind it cannot be used anyway.
      const columnLeft = width - edge - maxWidth;
      const below = dialogs.length
        ? []
        : keepClear.filter(
            (area) => area.bottom > topBarBottom && area.right > columnLeft && area.top < height,
          );
      return {
        edge: 'top',
        offset: Math.max(0, topBarBottom, ...below.map((area) => area.bottom)) + GAP,
        left: null,
        right: edge,
        maxWidth,
      };
    }
  }

  // At the foot of the screen, lifted above a dialog's buttons only when they reach down there (a
  // full-screen form's); below a dialog that ends higher up, out of the way of its fields too.
  let offset = EDGE;
  for (const { paper, actions } of dialogs) {
    const buttons = actions ?? paper;
    if (buttons.bottom <= height - EDGE - TOAST_BAND) continue;
    offset = Math.max(offset, height - (actions?.top ?? paper.bottom) + GAP);
  }
  return phone
    ? { edge: 'bottom', offset, left: PHONE_EDGE, right: PHONE_EDGE, maxWidth: null }
    : { edge: 'bottom', offset, left: null, right: edge, maxWidth: widest };
}

/** The CSS of the toast container for a placement (it overrides notistack's own). */
export function placementStyles(placement: ToastPlacement): Record<string, string> {
  const bottom = placement.edge === 'bottom';
  return {
    top: bottom ? 'auto' : `${placement.offset}px`,
    bottom: bottom ? `${placement.offset}px` : 'auto',
    left: placement.left === null ? 'auto' : `${placement.left}px`,
    right: `${placement.right}px`,
    width: 'auto',
    maxWidth: placement.maxWidth === null ? 'none' : `${placement.maxWidth}px`,
    flexDirection: bottom ? 'column-reverse' : 'column',
  };
}
