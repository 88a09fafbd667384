import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { bookingManage } from './manage';
import { bookingSteps } from './steps';

/** Online booking (docs/booking.md): the steps at /booking.html, a booking's own page, its calendar file. */
export const bookingRoutes = new Hono<AppEnv>();
bookingRoutes.route('/', bookingSteps);
bookingRoutes.route('/', bookingManage);
