/** The Settings page's test e-mail and text (issue 33): short, and saying where they came from. */

export function testMail(siteUrl: string, at: Date): { subject: string; text: string } {
  return {
    subject: "Test e-mail from your website's Settings",
    text: [
      `This test was sent from the Settings page of ${siteUrl}/admin on ${at.toUTCString()}.`,
      '',
      'It reached you, so lead alerts will too: they go out the same way.',
    ].join('\n'),
  };
}

export const testText = (siteUrl: string) => `Test text from ${siteUrl}/admin/settings: lead alerts will reach this number.`;
