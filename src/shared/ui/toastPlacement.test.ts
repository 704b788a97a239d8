import { placementStyles, placeToasts, type Box } from './toastPlacement';

const box = (left: number, top: number, right: number, bottom: number): Box => ({ left, top, right, bottom });
/** A dialog as MUI lays it out: centred, 32 px from the edges, its buttons in the last 68 px. */
const dialog = (left: number, top: number, right: number, bottom: number) => ({
  paper: box(left, top, right, bottom),
  actions: box(left, bottom - 68, right, bottom),
});

describe('placeToasts', () => {
  it('desktop: top right, 8 px below the top bar', () => {
    expect(placeToasts({ width: 1280, height: 800, topBarBottom: 64, dialogs: [] })).toEqual({
      edge: 'top',
      offset: 72,
      left: null,
      right: 16,
      maxWidth: 440,
    });
  });

  it("desktop: below the page's header while it is on screen, back under the top bar once it scrolled away", () => {
    // The Passwords page's header: title on the left, Trash and Add Password on the right (to 140 px).
    const header = box(272, 92, 1256, 152);
    expect(
      placeToasts({ width: 1280, height: 800, topBarBottom: 64, dialogs: [], keepClear: [header] }),
    ).toMatchObject({ edge: 'top', offset: 160 });
    // Scrolled: the header is under the top bar.
    expect(
      placeToasts({
        width: 1280,
        height: 800,
        topBarBottom: 64,
        dialogs: [],
        keepClear: [box(272, -20, 1256, 40)],
      }),
    ).toMatchObject({ offset: 72 });
    // A dialog covers the page: only the dialog is kept clear of.
    expect(
      placeToasts({
        width: 1280,
        height: 800,
        topBarBottom: 64,
        dialogs: [dialog(340, 32, 940, 768)],
        keepClear: [header],
      }),
    ).toMatchObject({ offset: 72 });
  });

  it('desktop with a dialog open and room beside it: stays top right, no wider than the room', () => {
    // The entry form at 1280 px: 600 px wide, centred.
    const placement = placeToasts({
      width: 1280,
      height: 800,
      topBarBottom: 64,
      dialogs: [dialog(340, 32, 940, 768), dialog(418, 300, 862, 500)],
    });
    expect(placement).toMatchObject({ edge: 'top', offset: 72, right: 16, maxWidth: 316 });
    // Its left edge stays clear of the dialog's right edge (the close button's side).
    expect(1280 - placement.right - (placement.maxWidth ?? 0)).toBeGreaterThan(940);
  });

  it('desktop without room beside a tall dialog: at the foot, above its buttons', () => {
    const placement = placeToasts({
      width: 1024,
      height: 800,
      topBarBottom: 64,
      dialogs: [dialog(212, 32, 812, 768)],
    });
    expect(placement).toEqual({ edge: 'bottom', offset: 108, left: null, right: 16, maxWidth: 440 });
  });

  it('phone: at the foot, full width', () => {
    expect(placeToasts({ width: 375, height: 760, topBarBottom: 60, dialogs: [] })).toEqual({
      edge: 'bottom',
      offset: 16,
      left: 8,
      right: 8,
      maxWidth: null,
    });
  });

  it('phone with a full-screen dialog: above its buttons, far from its title bar', () => {
    expect(
      placeToasts({ width: 375, height: 760, topBarBottom: 60, dialogs: [dialog(0, 0, 375, 760)] }),
    ).toMatchObject({ edge: 'bottom', offset: 76 });
  });

  it('phone with a small dialog in the middle: at the foot, below it', () => {
    expect(
      placeToasts({ width: 375, height: 760, topBarBottom: 60, dialogs: [dialog(16, 260, 359, 500)] }),
    ).toMatchObject({ edge: 'bottom', offset: 16 });
    // The master-password dialog, centred and tall: its buttons end above the toasts' band.
    expect(
      placeToasts({ width: 375, height: 760, topBarBottom: 60, dialogs: [dialog(16, 158, 359, 602)] }),
    ).toMatchObject({ edge: 'bottom', offset: 16 });
  });

  it('phone with a full-screen dialog whose buttons follow a short form: below the buttons, not over the fields', () => {
    expect(
      placeToasts({
        width: 375,
        height: 760,
        topBarBottom: 60,
        dialogs: [{ paper: box(0, 0, 375, 760), actions: box(0, 323, 375, 391) }],
      }),
    ).toMatchObject({ edge: 'bottom', offset: 16 });
  });

  it('a dialog without a row of buttons: above its foot', () => {
    expect(
      placeToasts({
        width: 375,
        height: 760,
        topBarBottom: 60,
        dialogs: [{ paper: box(0, 0, 375, 760) }],
      }),
    ).toMatchObject({ edge: 'bottom', offset: 16 });
  });
});

test('placementStyles: the container CSS, top or bottom', () => {
  expect(placementStyles({ edge: 'top', offset: 72, left: null, right: 16, maxWidth: 316 })).toEqual({
    top: '72px',
    bottom: 'auto',
    left: 'auto',
    right: '16px',
    width: 'auto',
    maxWidth: '316px',
    flexDirection: 'column',
  });
  expect(placementStyles({ edge: 'bottom', offset: 76, left: 8, right: 8, maxWidth: null })).toMatchObject({
    top: 'auto',
    bottom: '76px',
    left: '8px',
    maxWidth: 'none',
    flexDirection: 'column-reverse',
  });
});
