import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp, sessionUser, signIn } from '../../test/test-utils';
import { breadcrumbTrail, pathSegments, segmentLabel } from './breadcrumb-labels';

describe('breadcrumb labels', () => {
  it.each([
    ['supplier', 'supplier hub'],
    ['manual', 'manual'],
    ['admin', 'admin control'],
    ['login', 'login'],
    ['inventory', 'inventory'],
    ['shipping', 'shipping'],
    ['creditapps', 'credit applications'],
    ['credit-apps', 'credit applications'],
    ['users', 'users and roles'],
    ['multi-drop-orders', 'multi drop orders'],
    ['cart', 'cart'],
  ])('labels the segment %s as "%s"', (segment, label) => {
    expect(segmentLabel(segment)).toBe(label);
  });

  it('is empty, and so hidden, for a path with one segment', () => {
    expect(breadcrumbTrail('/customer')).toEqual([]);
    expect(breadcrumbTrail('/manual')).toEqual([]);
    expect(breadcrumbTrail('/')).toEqual([]);
  });

  it('links each segment to the path up to it', () => {
    expect(breadcrumbTrail('/supplier/credit-apps')).toEqual([
      { label: 'supplier hub', to: '/supplier' },
      { label: 'credit applications', to: '/supplier/credit-apps' },
    ]);
  });
});

describe("the top bar's path", () => {
  it('may break only before a slash, and loses no character', () => {
    expect(pathSegments('/customer/orders')).toEqual(['/customer', '/orders']);
    expect(pathSegments('/customer')).toEqual(['/customer']);
    expect(pathSegments('/')).toEqual(['/']);
    expect(pathSegments('/supplier/credit-apps/').join('')).toBe('/supplier/credit-apps/');
  });
});

describe('breadcrumb', () => {
  it('is hidden on a single-segment page', async () => {
    mockFetch({});
    renderApp('/manual');
    await screen.findByRole('heading', { name: 'How to use Aduro' });
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  });

  it("starts with Home pointing at the user's default route", async () => {
    signIn(sessionUser({ userType: 'customer' }));
    renderApp('/customer/cart');
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/customer');
    expect(within(crumbs).getByRole('link', { name: 'customer' })).toHaveAttribute('href', '/customer');
    expect(within(crumbs).getByText('cart')).toHaveAttribute('aria-current', 'page');
  });

  it('shortens an id to its first 8 characters, in the path and in the trail alike', () => {
    const id = 'a4c66fbd-7bf2-43a9-8fac-8ec7a28f2827';
    expect(pathSegments(`/customer/rfqs/${id}`)).toEqual(['/customer', '/rfqs', '/a4c66fbd…']);
    expect(breadcrumbTrail(`/customer/rfqs/${id}`).at(-1)).toEqual({
      label: 'a4c66fbd…',
      to: `/customer/rfqs/${id}`,
    });
  });
});
