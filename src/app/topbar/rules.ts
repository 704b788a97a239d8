// The top bar's separators as plain <hr> elements in the theme's divider colour: what MUI's Divider
// draws, without its component in the first chunk that a cold /login loads (npm run bench).
export const horizontalRule = { m: 0, border: 0, borderBottom: 1, borderColor: 'divider', flexShrink: 0 };

export const verticalRule = {
  m: 0,
  border: 0,
  borderRight: 1,
  borderColor: 'divider',
  alignSelf: 'stretch',
  height: 'auto',
  flexShrink: 0,
};
