import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { sendOk } from '../http/envelope.ts';
import { newChallenge } from '../human-check.ts';

/** `GET /api/v1/challenge`: a fresh proof-of-work challenge for a public form. */
export const humanCheckRoutes = new Hono<AppEnv>();

humanCheckRoutes.get('/', async (c) => sendOk(c, 'Challenge', { challenge: await newChallenge(c.var.secretKey) }));
