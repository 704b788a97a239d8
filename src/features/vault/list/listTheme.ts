// The MUI theme as the variables entryList.css reads: set on the list element (one style object, made
// again only when the theme changes), so the stylesheet itself is static.
import type { CSSProperties } from 'react';
import { alpha, type Theme } from '@mui/material/styles';
import { CATEGORIES } from '../../../common/constants';
import { categoryColor } from '../../../shared/ui/categories';

export function listThemeVariables(theme: Theme): CSSProperties {
  const { palette } = theme;
  const variables: Record<string, string> = {
    '--pv-font': theme.typography.fontFamily ?? 'inherit',
    '--pv-text': palette.text.primary,
    '--pv-text-secondary': palette.text.secondary,
    '--pv-text-disabled': palette.text.disabled,
    '--pv-paper': palette.background.paper,
    '--pv-divider': palette.divider,
    '--pv-hover': palette.action.hover,
    '--pv-primary': palette.primary.main,
    '--pv-primary-hover': alpha(palette.primary.main, palette.action.hoverOpacity),
    '--pv-warning': palette.warning.main,
    '--pv-error': palette.error.main,
    '--pv-info': palette.info.main,
  };
  // Each category's accent (its avatar): the `pv-cat-<category>` classes pick theirs.
  for (const category of CATEGORIES)
    variables[`--pv-cat-${category}`] = palette[categoryColor(category)].main;
  return variables as CSSProperties;
}
