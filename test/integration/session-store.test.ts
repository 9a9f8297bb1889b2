/** The database adapter of the `SessionStore` port passes the port's contract, on PGlite and PostgreSQL. */
import { createDatabaseSessionStore } from '../../server/identity/session-store.server';
import { sessionStoreContract } from '../contracts/session-store';
import { describeEachEngine } from '../helpers/database';

describeEachEngine('the database session store', ({ database }) => {
  sessionStoreContract((clock) => createDatabaseSessionStore({ db: database().db, clock }));
});
