import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addToCartSchema,
  CART_MESSAGES,
  cartItemParamsSchema,
  cartSchema,
  updateCartItemSchema,
} from '@aduro/shared/cart';
import { cartCheckoutSchema } from '@aduro/shared/marketplace';
import { member } from '../../plugins/auth.ts';
import { idempotencyHeadersSchema } from '../../plugins/idempotency.ts';
import {
  addToCart,
  checkoutCart,
  clearCart,
  editCartLine,
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
          "lineTotal is quantity x the supplier's current offer (quotedUnitPrice), the price drafting from the " +
          "cart charges; the buyer's unitPrice is a target, shown but never charged. A line whose supplier is " +
          'inactive or holds no unexpired stock has null quotedUnitPrice and lineTotal; estimatedValue sums ' +
          "the known line totals. Each line's eligibility says whether the caller may release an order of it " +
          'now, by the rule approval applies (docs/domain.md "Who may buy what").',
        security,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => getCart(app.db, ownerOf(request)),
  );

  r.post(
    '/cart/items',
    {
      // Adding can sum into an existing line, so a client repeating a request whose answer it lost would
      // add the units twice; with an Idempotency-Key the repeat gets the first answer instead.
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Add a line to the cart',
        description:
          'The product must exist and the supplier must be active and offer it from unexpired stock (404/409); ' +
          "409 REGISTRATION_LAPSED when the product's FDA registration has lapsed. The buyer's licence is not " +
          'checked here: approval is where it bites, and each line carries its eligibility. ' +
          "The unit price is the buyer's target, kept but never charged; blank, 0 or negative is stored as null. " +
          'A line of the same product and supplier with the same delivery location, preferred drop date, ' +
          'contact name and phone and notes (compared regardless of case and spacing) takes the units instead ' +
          'of a new line: quantities are summed (400 past 1,000,000) and a typed target price replaces its own.',
        security,
        headers: idempotencyHeadersSchema,
        body: addToCartSchema,
        response: { 201: cartSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addToCart(app.db, ownerOf(request), request.body)),
  );

  r.patch(
    '/cart/items/:id',
    {
      schema: {
        tags,
        summary: 'Edit one of your cart lines',
        description:
          "The body is the line as it should be, by Add to cart's rules (a field left out or blank is " +
          'cleared): quantity, target unit price, delivery location, preferred drop date, contact name and ' +
          "phone, notes. Another user's line, or an unknown one, answers 404. Checked like an add: 409 when the " +
          "product's registration has lapsed or when the " +
          'supplier is inactive or no longer offers the product, or the buyer is inactive. When the new details ' +
          'are those of another of your lines of the same product and supplier, this line takes its units and ' +
          'the other is removed.',
        security,
        params: cartItemParamsSchema,
        body: updateCartItemSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => editCartLine(app.db, ownerOf(request), request.params.id, request.body),
  );

  r.delete(
    '/cart/items/:id',
    {
      schema: {
        tags,
        summary: 'Remove one of your cart lines',
        description: "Removes one line of the caller's own cart and answers the cart as it now is.",
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
        description: "Removes every line of the caller's cart and answers the cart, now empty.",
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
          'empty cart; 409, with nothing written, when a supplier is inactive, no longer offers a product, a ' +
          "product's FDA registration has lapsed (REGISTRATION_LAPSED), or a group's units are under the " +
          "offer's moq.",
        security,
        response: { 201: cartCheckoutSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await checkoutCart(app.db, ownerOf(request))),
  );
}
