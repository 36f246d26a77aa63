/** Button looks shared by links and buttons. Plain strings: no class-merging code reaches the browser. */
const base =
  'inline-flex items-center justify-center gap-2 rounded-lg px-6 py-3 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

export const buttonStyles = {
  primary: `${base} bg-accent text-white hover:bg-amber-800`,
  secondary: `${base} border-2 border-brand-700 bg-white text-brand-700 hover:bg-brand-50`,
  dark: `${base} bg-brand-700 text-white hover:bg-brand-800`,
  light: `${base} bg-white text-brand-900 hover:bg-brand-50`,
  outlineLight: `${base} border-2 border-white text-white hover:bg-white/10`,
} as const;
