import { Context } from "effect"

/**
 * Present when the SqlClient talks to the embedded database (PGlite behind pglite-socket), which speaks the wire
 * protocol but not its COPY sub-protocol: a `COPY ... FROM STDIN` breaks the connection. Writers that can use
 * COPY on a PostgreSQL server check for it.
 */
export class EmbeddedDatabase extends Context.Service<EmbeddedDatabase, { readonly copyFromStdin: false }>()("kyb/EmbeddedDatabase") {}
