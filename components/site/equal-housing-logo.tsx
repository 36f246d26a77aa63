/** The Equal Housing Opportunity mark (a house with an equals sign), drawn inline. */
export function EqualHousingLogo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} role="img" aria-label="Equal Housing Opportunity">
      <path d="M16 3 2 13v3h3v13h22V16h3v-3L16 3Zm7 23H9V14.5l7-5 7 5V26Z" fill="currentColor" />
      <path d="M11 16h10v2.5H11zM11 20.5h10V23H11z" fill="currentColor" />
    </svg>
  );
}
