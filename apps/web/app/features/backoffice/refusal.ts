/** An API refusal as one line the operator reads: the API's own messages, else its status. */
export function refusalText(answer: { status: number; body: { errors?: Record<string, string[]> } }): string {
  const messages = Object.values(answer.body.errors ?? {}).flat();
  return messages.length > 0 ? messages.join(' ') : `The server answered ${answer.status}.`;
}
