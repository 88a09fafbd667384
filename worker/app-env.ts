import type { Context } from 'hono';
import type { Bindings } from './config/bindings';
import type { BookingVariables } from './middleware/booking';
import type { ConfigVariables } from './middleware/config';
import type { EditorVariables } from './middleware/editor';
import type { PagePathVariables } from './middleware/page-path';
import type { PageVariables } from './middleware/page-renderer';
import type { RequestLogVariables } from './middleware/request-log';
import type { SecurityVariables } from './middleware/security-headers';

/** The app's environment: the bindings, and what each middleware puts on the context. */
export interface AppEnv {
  Bindings: Bindings;
  Variables: ConfigVariables &
    BookingVariables &
    EditorVariables &
    SecurityVariables &
    PagePathVariables &
    PageVariables &
    RequestLogVariables;
}

/** A route's context: what every handler of the app is given. */
export type C = Context<AppEnv>;
