/**
 * Button looks shared by links and buttons: class names defined in app/globals.css, short because
 * a page repeats them (in its HTML and RSC payload, and in client components' JavaScript).
 */
export const buttonStyles = {
  primary: 'btn btn-primary',
  secondary: 'btn btn-secondary',
  dark: 'btn btn-dark',
  light: 'btn btn-light',
  outlineLight: 'btn btn-outline-light',
} as const;
