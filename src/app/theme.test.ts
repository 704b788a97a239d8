import { getContrastRatio } from '@mui/material/styles';
import { createAppTheme } from './theme';

const AA = 4.5;

describe.each(['light', 'dark'] as const)('the %s theme', (mode) => {
  const theme = createAppTheme(mode);
  const { palette } = theme;

  test('sets the palette mode and follows the system reduced-motion setting', () => {
    expect(palette.mode).toBe(mode);
    expect(theme.motion.reducedMotion).toBe('system');
  });

  test.each(['default', 'paper'] as const)('text and links reach AA on the %s background', (surface) => {
    const background = palette.background[surface];
    expect(getContrastRatio(palette.text.primary, background)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(palette.text.secondary, background)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(palette.primary.main, background)).toBeGreaterThanOrEqual(AA);
  });

  test.each(['primary', 'secondary', 'success', 'error', 'warning', 'info'] as const)(
    'text on filled %s (buttons, toasts) reaches AA',
    (color) => {
      expect(getContrastRatio(palette[color].contrastText, palette[color].main)).toBeGreaterThanOrEqual(AA);
    },
  );

  test('placeholders are secondary text at full opacity (AA), not faded primary text', () => {
    const input = theme.components?.MuiInputBase?.styleOverrides?.input as Record<string, unknown>;
    expect(input['&::placeholder']).toEqual({ color: palette.text.secondary, opacity: 1 });
  });

  test.each(['success', 'error', 'warning', 'info'] as const)('%s text reaches AA on paper', (color) => {
    expect(getContrastRatio(palette[color].main, palette.background.paper)).toBeGreaterThanOrEqual(AA);
  });
});
