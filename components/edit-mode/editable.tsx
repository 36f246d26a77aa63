/**
 * Marks a text that comes from site content, for inline edit mode. Server-rendered data
 * attributes only: visitors get the same HTML and no script; the owner's edit-mode module finds
 * these elements and makes them editable (see docs/decisions/006-inline-edit-mode.md).
 */
export function Editable({
  path,
  multiline = false,
  children,
}: {
  /** Dotted path in the content tree, e.g. 'loanTypes.loans.0.features.2'. */
  path: string;
  /** Long texts get a multi-line field. */
  multiline?: boolean;
  children: string;
}) {
  // The attribute is left out rather than set to undefined: the RSC payload would still carry
  // the key, about 35 bytes for each of the hundred editable texts of the home page.
  return (
    <span data-edit-path={path} {...(multiline && { 'data-edit-multiline': '' })}>
      {children}
    </span>
  );
}

/** An owner-written HTML text (the hero title), sanitized by the caller; edited as raw HTML. */
export function EditableHtml({ path, html }: { path: string; html: string }) {
  return <span data-edit-path={path} data-edit-html="" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Data attributes for an image item: its address and its alt text paths. */
export const editImage = (path: string, altPath: string) => ({ 'data-edit-image': path, 'data-edit-alt': altPath });
