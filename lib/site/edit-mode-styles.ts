/**
 * The style sheet inline edit mode adds to a public page for the signed-in owner
 * (components/edit-mode/dom.ts). A constant, so that the public pages' Content Security Policy can
 * allow exactly it by its hash (server/pipeline/public-csp.ts): a <style> element added at run
 * time is checked against the policy like one in the page.
 */
export const EDIT_MODE_STYLES = `
html[data-editing] [data-edit-path]{outline:2px dashed #c2410c;outline-offset:2px;cursor:text;border-radius:2px}
html[data-editing] [data-edit-path]:hover{background:rgb(254 215 170 / .35)}
html[data-editing] [data-edit-path]:focus-visible{outline:3px solid #1d4ed8;outline-offset:3px}
html[data-editing] img[data-edit-image]{outline:2px dashed #c2410c;outline-offset:2px}
`;
