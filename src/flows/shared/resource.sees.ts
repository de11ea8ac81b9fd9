/**
 * What the borrower sees in each leaf state of the resource machine (machines/resource/resource.machine.ts),
 * read from useResource.tsx (ResourceView), used by About us, Help, Product detail, Face result,
 * the bank list, an order's Key Fact Statement and home's overdue block; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  loading:
    "Under the screen's header, a spinner with the screen's loading line (e.g. 'Loading product…', 'Loading questions…', or 'Loading…').",
  failed:
    "Under the screen's header, the error (the server's message or 'Something went wrong. Please try again.') with a 'Try again' button and a 'Go to Home' link.",
  ready: "The screen's content, drawn from the loaded data.",
};
