/** No preview of the author's waiting (expired, already confirmed, or none at all). */
export const nothingToConfirm = () =>
  'Nothing to confirm: previews last 10 minutes. Send the command again.';
