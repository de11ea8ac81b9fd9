/**
 * The body of a placeholder actor declared in `setup({ actors })`: the edge provides the real one
 * (machine.provide), and a machine started without it fails loudly, naming the missing actor.
 */
export const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));
