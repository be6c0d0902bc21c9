import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addToCartSchema, CART_MESSAGES, cartItemParamsSchema, cartSchema } from '@aduro/shared/cart';
import { cartCheckoutSchema } from '@aduro/shared/marketplace';
import { member } from '../../plugins/auth.ts';
import {
  addToCart,
  checkoutCart,
  clearCart,
  getCart,
  removeCartLine,
  type CartOwner,
} from './cart.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The signed-in customer user's cart, for the organisation they buy for. */
function ownerOf(request: FastifyRequest): CartOwner & { userName: string } {
  const user = member(request);
  return { userId: user.id, userName: user.name, buyerOrgId: user.orgId };
}

/**
 * The procurement cart of a customer user. Every call needs a customer user with an organisation,
 * checked before the body is read: anyone else gets 403 'You need a customer profile ...'.
 */
export default async function cartRoutes(app: FastifyInstance) {
  app.addHook(
    'preValidation',
    app.guard(
      { userType: 'customer' },
      { wrongType: CART_MESSAGES.needCustomer, organisation: CART_MESSAGES.noOrganisation },
    ),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['cart'];

  r.get(
    '/cart',
    {
      schema: {
        tags,
        summary: "The caller's cart, newest line first, with totals",
        description:
          "lineTotal is quantity x (the buyer's unitPrice, else the supplier's current quote), null when " +
          'neither is known; estimatedValue sums the known line totals.',
        security,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => getCart(app.db, ownerOf(request)),
  );

  r.post(
    '/cart/items',
    {
      schema: {
        tags,
        summary: 'Add a line to the cart',
        description:
          'The product must exist and the supplier must be active and offer it from unexpired stock (404/409). ' +
          "A unit price that is blank, 0 or negative is stored as null: the supplier's quote applies.",
        security,
        body: addToCartSchema,
        response: { 201: cartSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addToCart(app.db, ownerOf(request), request.body)),
  );

  r.delete(
    '/cart/items/:id',
    {
      schema: {
        tags,
        summary: 'Remove one of your cart lines',
        security,
        params: cartItemParamsSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => removeCartLine(app.db, ownerOf(request), request.params.id),
  );

  r.delete(
    '/cart',
    {
      schema: {
        tags,
        summary: 'Empty your cart',
        security,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => clearCart(app.db, ownerOf(request)),
  );

  r.post(
    '/cart/checkout',
    {
      schema: {
        tags,
        summary: 'Draft orders from the whole cart (beyond the spec)',
        description:
          'In one transaction: one order per supplier and product, one drop per line, priced at the ' +
          "supplier's current offer, awaiting the buyer's approval; the lines are then removed. 400 for an " +
          'empty cart; 409, with nothing written, when a supplier is inactive, no longer offers a product, or a ' +
          "group's units are under the offer's moq.",
        security,
        response: { 201: cartCheckoutSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await checkoutCart(app.db, ownerOf(request))),
  );
}
