/** The text to show for a failed actor: the server's msg (ApiError.message) or a generic line. */
export function messageOf(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
