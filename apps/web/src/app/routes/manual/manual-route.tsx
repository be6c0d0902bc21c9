import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';

/** SPEC §2: these anchors are linked from elsewhere (and from outside the app); keep the ids stable. */
const SECTIONS = [
  { id: 'getting-started', title: 'Getting started' },
  { id: 'customer-journey', title: 'Customer journey' },
  { id: 'supplier-journey', title: 'Supplier journey' },
  { id: 'requests-for-quotation', title: 'Requests for quotation' },
  { id: 'returns', title: 'Returns and credit notes' },
  { id: 'admin-journey', title: 'Platform admin journey' },
  { id: 'recalls', title: 'Recalls' },
  { id: 'licences', title: 'Licences and controlled drugs' },
  { id: 'need-help', title: 'Need help?' },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];

function Section({ id, lead, children }: { id: SectionId; lead: ReactNode; children: ReactNode }) {
  const title = SECTIONS.find((s) => s.id === id)?.title ?? id;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs sm:p-7"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight text-slate-900">
        {title}
      </h2>
      <p className="mt-2 text-slate-600">{lead}</p>
      <div className="mt-5 space-y-5">{children}</div>
    </section>
  );
}

interface Step {
  title: string;
  body: ReactNode;
}

function Steps({ steps, headingLevel: Heading = 'h3' }: { steps: Step[]; headingLevel?: 'h3' | 'h4' }) {
  return (
    <ol className="space-y-4">
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-4">
          <span
            aria-hidden="true"
            className="flex size-7 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200"
          >
            {index + 1}
          </span>
          <div className="min-w-0 pt-0.5">
            <Heading className="font-medium text-slate-900">{step.title}</Heading>
            <div className="mt-1 space-y-2 text-sm leading-relaxed text-slate-600">{step.body}</div>
          </div>
        </li>
      ))}
    </ol>
  );
}

function Term({ children }: { children: ReactNode }) {
  return <span className="font-medium text-slate-800">{children}</span>;
}

const CUSTOMER_STEPS: Step[] = [
  {
    title: 'Search the catalogue',
    body: (
      <p>
        Open <Term>Customer Hub</Term> and search by product name. Each product card opens a dialog with the
        brand, the packaging (unit of measure and items per pack) and a description. The supplier directory
        can be filtered to importers, distributors or manufacturers.
      </p>
    ),
  },
  {
    title: 'Compare up to three suppliers',
    body: (
      <>
        <p>
          Type a product name in the quick-compare box to list every active supplier offering it, with unit
          price, lead time, minimum order quantity (MOQ), rating, payment terms and the credit they make
          available to you.
        </p>
        <p>
          Choose <Term>Compare</Term> on up to three suppliers to see them side by side (unit price, MOQ,
          credit and supplier type). <Term>Export to Sheets</Term> downloads the matches as a CSV file for
          your records.
        </p>
      </>
    ),
  },
  {
    title: 'Add to the procurement cart',
    body: (
      <p>
        <Term>Add to cart</Term> starts at the supplier&apos;s MOQ and quoted price; add a delivery location,
        a preferred drop date, a contact and notes if you need them. The <Term>Cart</Term> page totals line
        items, quantity and estimated value, and lets you remove a line or clear the cart.
      </p>
    ),
  },
  {
    title: 'Draft a multi-drop order',
    body: (
      <>
        <p>
          <Term>Build multi-drop order</Term> splits one purchase into deliveries (drops) for several
          branches, each with its own address, contact, quantity and expected delivery date. Pay by cash,
          mobile money, digital wallet, cheque or, where the supplier offers it, your credit facility.
        </p>
        <p>
          The order total is the quantity of every drop times the supplier&apos;s unit price. When paying on
          credit, an order larger than your available credit cannot be submitted: reduce quantities or switch
          to prepaid.
        </p>
      </>
    ),
  },
  {
    title: 'Approve and release to generate an invoice',
    body: (
      <p>
        A drafted order waits on the <Term>Orders</Term> page as <Term>Awaiting customer approval</Term>.
        Check it, then choose <Term>Approve &amp; release shipment</Term>: Aduro generates the invoice and
        releases the shipment to the supplier.
      </p>
    ),
  },
  {
    title: 'Track every drop',
    body: (
      <p>
        Each drop shows its status, tracking number and estimated delivery date as the supplier moves it from
        dispatch to delivery. An order shows as Delivered once all of its drops have arrived.
      </p>
    ),
  },
  {
    title: 'Apply for supplier credit',
    body: (
      <p>
        On the <Term>Credit</Term> page, choose a supplier and a requested limit (from GH₵1,000 in steps of
        GH₵500) and add notes for the supplier&apos;s credit team. Approved lines appear under{' '}
        <Term>Active credit lines</Term> with their limit, outstanding balance and available credit.
      </p>
    ),
  },
];

const SUPPLIER_STEPS: Step[] = [
  {
    title: 'Sign up with your licence',
    body: (
      <p>
        Create an account as a <Term>Supplier</Term>, choose your category (importer, distributor or
        manufacturer) and upload your licensure document (PDF, PNG, JPG, DOC or DOCX, up to 20MB). Your
        organisation then waits for review by a platform administrator and cannot trade until it is activated;
        the Supplier Hub shows a notice until then.
      </p>
    ),
  },
  {
    title: 'Sync stock lots with expiry dates',
    body: (
      <p>
        In the <Term>Inventory</Term> tab, push each stock lot with its product ID, units, unit price and
        expiry date. Lots are flagged as expired, expiring soon or healthy so short-dated stock is visible
        early; totals show units on hand and inventory value, and the table can be exported as CSV.
      </p>
    ),
  },
  {
    title: 'Import stock and prices from a spreadsheet',
    body: (
      <p>
        <Term>Import</Term> in the Inventory tab takes a CSV or Excel (.xlsx) file of up to 20,000 rows, one
        per lot: product (its Aduro ID, GTIN or exact name), batch number, expiry date (2027-03-31 or
        31/03/2027), quantity and unit price, or a gs1 column with the scanned barcode. Start from{' '}
        <Term>Download template</Term>, or from <Term>Download current stock</Term> to edit what you hold. The
        preview shows what each row will do (new lot, update, unchanged) and explains each error; nothing
        changes until you apply. Rows with errors are skipped: fix them in the file and choose it again.
        Applying sets every other row at once, or none if anything fails, and an import is never applied
        twice.
      </p>
    ),
  },
  {
    title: 'Add catalogue products',
    body: (
      <p>
        <Term>Add catalogue product</Term> creates a product with its name, brand, category, unit of measure
        and items per unit. The new product&apos;s ID is filled into the stock sync form so you can stock it
        at once.
      </p>
    ),
  },
  {
    title: 'Move drops through their milestones',
    body: (
      <p>
        The <Term>Shipping</Term> tab lists outgoing shipments. Move each drop from Awaiting Dispatch to
        Shipped, then Out for Delivery, then Delivered. A drop that has not been delivered can be cancelled.
      </p>
    ),
  },
  {
    title: 'Decide credit with the risk check',
    body: (
      <p>
        The <Term>Credit Applications</Term> tab queues customers&apos; requests.{' '}
        <Term>Run AI risk check</Term> shows a score, its rationale, your current exposure to the customer,
        their outstanding balance, the amount requested and, when available, a recommended limit. Approve with
        the limit you choose, or reject.
      </p>
    ),
  },
  {
    title: 'Record payments',
    body: (
      <p>
        When a customer settles an invoice bought on credit, record the payment against their credit line so
        the outstanding balance falls and their available credit is restored for the next order.
      </p>
    ),
  },
  {
    title: 'Manage staff roles',
    body: (
      <>
        <p>
          In <Term>Users &amp; Roles</Term>, invite colleagues with a name, e-mail and a password of at least
          8 characters, and give each one or more roles. Everyone keeps at least one role.
        </p>
        <ul className="grid gap-2 sm:grid-cols-2">
          <li className="rounded-lg bg-slate-50 px-3 py-2">
            <Term>InventoryManager</Term>: the Inventory tab.
          </li>
          <li className="rounded-lg bg-slate-50 px-3 py-2">
            <Term>ShippingClerk</Term>: the Shipping tab.
          </li>
          <li className="rounded-lg bg-slate-50 px-3 py-2">
            <Term>CreditApprover</Term>: the Credit Applications tab.
          </li>
          <li className="rounded-lg bg-slate-50 px-3 py-2">
            <Term>Admin</Term>: every tab, including Users &amp; Roles.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: 'See who did what',
    body: (
      <p>
        Admins have an <Term>Activity</Term> tab: everything your team and your customers did that concerns
        your organisation, newest first (stock synced, orders drafted and approved, drops moved, credit
        decisions, payments, staff changes), with who did it and when. Filter by type, dates or a
        colleague&apos;s name; the filters stay in the page address, so a bookmarked view reopens filtered.{' '}
        <Term>Export CSV</Term> downloads every matching event. Each order&apos;s <Term>History</Term> button
        shows the same trail for one order, payments included.
      </p>
    ),
  },
  {
    title: 'Connect your own systems',
    body: (
      <p>
        Admins have an <Term>API keys</Term> tab. <Term>Create key</Term> asks for a name (say what will use
        it, such as &ldquo;ERP nightly sync&rdquo;) and its scopes: reading or updating stock, reading orders
        or moving drops, reading invoices. The key is shown once: copy it into your system, which sends it as{' '}
        <code>Authorization: Bearer</code> followed by the key. Each key acts for your organisation only,
        within its scopes, up to 600 requests a minute, and the Activity tab names it beside every change it
        makes. <Term>Revoke</Term> stops a key at once; removing a colleague revokes the keys they created.
      </p>
    ),
  },
];

const ADMIN_STEPS: Step[] = [
  {
    title: 'Sign in as a platform administrator',
    body: (
      <p>
        Platform accounts are created by Aduro, never through sign-up. Use the <Term>Admin sign-in</Term> link
        on the sign-in page, which selects the Platform account type.
      </p>
    ),
  },
  {
    title: 'Review supplier licences',
    body: (
      <p>
        New supplier organisations arrive deactivated. Check the licensure document and the
        organisation&apos;s details before letting them trade.
      </p>
    ),
  },
  {
    title: 'Activate or deactivate organisations',
    body: (
      <p>
        <Term>Entity management</Term> lists suppliers and customers with their status. Filter by kind, then
        activate or deactivate an organisation; the list can be exported as CSV.
      </p>
    ),
  },
  {
    title: 'Watch platform statistics',
    body: (
      <p>
        <Term>Governance analytics</Term> shows total products, active suppliers, active customers and gross
        merchandise value, next to network health figures and operational guardrails.
      </p>
    ),
  },
  {
    title: 'Read the market summary',
    body: (
      <p>
        The <Term>AI market summary</Term> describes recent trading with key trends and recommended actions. A{' '}
        <Term>Fallback heuristics</Term> badge means it was computed from simple rules because the AI model
        was not available.
      </p>
    ),
  },
  {
    title: 'See who did what',
    body: (
      <p>
        The <Term>Activity</Term> section lists what happened across the marketplace, newest first, as plain
        sentences: organisations registering, being activated or deactivated, orders, drops, credit decisions,
        payments, staff changes and recalls, each with who did it and when. Filter by type, by dates and by a
        person&apos;s name or e-mail, choose <Term>Load more</Term> for older events, and{' '}
        <Term>Export CSV</Term> to download everything the filters match.
      </p>
    ),
  },
];

const RFQ_BUYER_STEPS: Step[] = [
  {
    title: 'Ask several suppliers at once',
    body: (
      <>
        <p>
          Open a product in the catalogue and choose <Term>Launch RFQ</Term>, or choose{' '}
          <Term>Request quotes</Term> in the <Term>Cart</Term> to ask for everything in it. Give the quantity
          of each product, the day you need the goods by, when quotes are due, where they are to be delivered
          and, if you wish, the minimum shelf life left at delivery and notes for the suppliers.
        </p>
        <p>
          Invite <Term>all suppliers offering these products</Term>, or choose the ones you want. Every
          invited supplier is notified at once and reminded a day before quotes are due.
        </p>
      </>
    ),
  },
  {
    title: 'Sealed quotes',
    body: (
      <p>
        A request is sealed unless you switch it off: until quotes are due you see only how many suppliers
        have quoted or declined, not who or at what price, so no supplier can be favoured by seeing the
        others. You can close the request early once you have heard enough; the quotes then open at once. You
        can also cancel a request you no longer need.
      </p>
    ),
  },
  {
    title: 'Compare the quotes',
    body: (
      <p>
        Once quotes are open, each product shows its quotes side by side, ranked by landed unit price (the
        price delivered to your location), then lead time, then the later expiry. The best is marked{' '}
        <Term>Best</Term>. Each quote shows whether its earliest expiry meets your shelf life, its payment
        terms, how long it holds and the credit that supplier makes available to you. An expired quote can no
        longer be awarded.
      </p>
    ),
  },
  {
    title: 'Award, splitting if you wish',
    body: (
      <p>
        Enter the units to award against each quote: a product may be split across suppliers, up to the units
        you asked for and each supplier quoted. <Term>Award and draft orders</Term> drafts one order per
        awarded quote line at the quoted price, and every invited supplier is told whether it won.
      </p>
    ),
  },
  {
    title: 'Approve the orders as usual',
    body: (
      <p>
        The drafted orders wait under <Term>Orders</Term> for your approval like any other. Approval checks
        them as it always does: your licence for each medicine, the shelf life left, your credit and the
        supplier&apos;s stock.
      </p>
    ),
  },
];

const RFQ_SUPPLIER_STEPS: Step[] = [
  {
    title: 'Find the requests in the Quotes tab',
    body: (
      <p>
        Those who manage inventory see the <Term>Quotes</Term> tab of the cockpit. Open requests come first,
        the nearest deadline on top, with the buyer, the products and quantities, when quotes are due and your
        answer so far; closed and past requests follow, with their outcome. A notification of a new request
        opens it directly.
      </p>
    ),
  },
  {
    title: 'Quote each line, or some',
    body: (
      <p>
        For each product give a unit price in GH₵ delivered to the buyer&apos;s location, the quantity you can
        supply (at most the quantity asked for), the lead time in days and, if you know it, the earliest
        expiry of the units you would deliver. Untick <Term>Quote this line</Term> to leave a product out. Say
        how long the quote holds and on what payment terms; the form starts from your own lead time and terms.
      </p>
    ),
  },
  {
    title: 'Revise, withdraw or decline until the deadline',
    body: (
      <p>
        Until quotes are due you can <Term>Update quote</Term> as often as you like,{' '}
        <Term>Withdraw quote</Term>, or <Term>Decline</Term> with a reason the buyer reads. After the
        deadline, or once the buyer closes the request, your answer stands as it is.
      </p>
    ),
  },
  {
    title: 'Learn the outcome',
    body: (
      <p>
        You never see other suppliers&apos; quotes or who else was invited. When the buyer awards the request
        you are told whether you won: the units awarded to you and the order drafted for each, or{' '}
        <Term>Not awarded to you</Term>. A won order reaches you once the buyer approves it.
      </p>
    ),
  },
];

const RETURN_BUYER_STEPS: Step[] = [
  {
    title: 'Ask to return packs from a delivered drop',
    body: (
      <p>
        On <Term>Orders</Term>, a delivered drop offers <Term>Return packs</Term>. For each batch the drop
        received, give the units to send back and why: damaged, expired, near expiry, wrong item, short
        shipped or recalled; leave a batch empty to keep it, and add notes for the supplier. You can return at
        most what the drop delivered of a batch, less what your other returns already claim.
      </p>
    ),
  },
  {
    title: 'Follow it under Orders, Returns',
    body: (
      <p>
        The <Term>Returns</Term> tab of the Orders page lists your returns, newest first, with a filter by
        status. Open one to read its batches, reasons and notes, the supplier&apos;s reason if it rejected the
        return, what was received and what became of each unit. A notification at each step opens the return,
        and the order&apos;s <Term>History</Term> lists its returns too.
      </p>
    ),
  },
  {
    title: 'Send the packs once approved',
    body: (
      <p>
        Send the packs when the return reads <Term>Approved: send the packs</Term>. The supplier counts what
        arrives and inspects it: units go back into stock, are destroyed (with a destruction record and its
        FDA reference) or go back to the manufacturer.
      </p>
    ),
  },
  {
    title: 'Read the credit note',
    body: (
      <p>
        Every unit received is credited at the unit price you were invoiced, on a credit note (CN-…) you can
        download as a PDF. It first lowers what the invoice still owes; on an invoice already paid, it lowers
        your balance on that supplier&apos;s credit line, or stays as credit with the supplier. The credit
        note shows where each part went.
      </p>
    ),
  },
  {
    title: 'Return recalled packs',
    body: (
      <p>
        Once you confirm a recalled delivery is set aside in the recall notice,{' '}
        <Term>Return these packs</Term> asks the supplier to take back those units, with the reason Recalled.
      </p>
    ),
  },
];

const RETURN_SUPPLIER_STEPS: Step[] = [
  {
    title: 'Decide in the Returns tab',
    body: (
      <p>
        Those who manage shipping or inventory see the <Term>Returns</Term> tab, with the buyer&apos;s reasons
        and notes. <Term>Approve</Term> the return, or <Term>Reject</Term> it with a reason the buyer reads.
      </p>
    ),
  },
  {
    title: 'Receive the packs',
    body: (
      <p>
        When the packs arrive, give the units received of each line. They are held apart, awaiting inspection:
        never sold or allocated to an order until inspected.
      </p>
    ),
  },
  {
    title: 'Inspect: restock, destroy or send back to the manufacturer',
    body: (
      <p>
        Those who manage inventory give every received unit a fate. Restocking is refused for a recalled or
        expired batch, and for one with under 90 days of shelf life left. Destroying needs the destruction
        record: the date, the method, the witness and the FDA certificate or reference; the register of
        destructions exports as CSV.
      </p>
    ),
  },
  {
    title: 'The credit note is issued for you',
    body: (
      <p>
        Inspection issues the credit note for the received units at the price invoiced, and applies it to the
        invoice, the credit line or the buyer&apos;s credit with you. An invoice is never credited beyond its
        amount. Both of you can download the note as a PDF.
      </p>
    ),
  },
];

const RECALL_SUPPLIER_STEPS: Step[] = [
  {
    title: 'Declare the recall',
    body: (
      <p>
        In the <Term>Recalls</Term> tab, anyone with the InventoryManager or Admin role chooses{' '}
        <Term>Declare a recall</Term>: pick the product, tick the batches from your stock (or type batches
        that are already sold out), choose the class (Class I may cause serious harm or death, Class II
        temporary or reversible harm, Class III is unlikely to cause harm) and say why, in words a pharmacist
        can act on. Every colleague can read the tab.
      </p>
    ),
  },
  {
    title: 'Quarantine happens at once',
    body: (
      <p>
        Your lots of those batches are quarantined: they stay in your inventory marked as recalled, but no
        order is filled from them any more. An order that could only be filled from recalled stock cannot be
        approved, and its message names the recall.
      </p>
    ),
  },
  {
    title: 'Follow the trace',
    body: (
      <p>
        Select a recall to see every delivery that received its batches: the order number, the pharmacy, the
        branch address and contact, the batches and units, and the delivery status. Each pharmacy is notified;
        the list shows how many deliveries are confirmed, for example <Term>3 of 5 deliveries confirmed</Term>
        .
      </p>
    ),
  },
  {
    title: 'Watch the acknowledgements and export them',
    body: (
      <p>
        A delivery reads <Term>Awaiting confirmation</Term> until the pharmacy confirms it, then{' '}
        <Term>Quarantined at pharmacy</Term> with the date and the name of who confirmed; your bell tells you
        as each confirmation arrives. Call the branches still awaiting confirmation. <Term>Export CSV</Term>{' '}
        downloads the trace, one row per delivery and batch, for your records or the regulator.
      </p>
    ),
  },
];

const RECALL_BUYER_STEPS: Step[] = [
  {
    title: 'Read the notice',
    body: (
      <p>
        When a batch you received is recalled, the bell in the top bar tells you, and so does an e-mail as set
        in your notification settings. A <Term>Recall notices</Term> box appears at the top of your{' '}
        <Term>Orders</Term> page. It names the recall, its class, the product and batches, the reason and the
        supplier, and lists only your deliveries that received those batches.
      </p>
    ),
  },
  {
    title: 'Set the packs aside',
    body: (
      <p>
        Stop dispensing the batches named and move every pack of them to quarantine at each branch listed; the
        batch number is printed on the pack next to the expiry date.
      </p>
    ),
  },
  {
    title: 'Confirm each delivery',
    body: (
      <p>
        For each delivery, choose <Term>Quarantined at our pharmacy</Term> once its packs are set aside. The
        notice then shows the date and your name, and your supplier sees the confirmation in its trace.
      </p>
    ),
  },
];

const RECALL_ADMIN_STEPS: Step[] = [
  {
    title: 'Recall a batch across the marketplace',
    body: (
      <p>
        When FDA Ghana or a manufacturer issues an alert, open the <Term>Recalls</Term> section of the Admin
        page and choose <Term>Declare a recall</Term>. Find the product in the catalogue and type the batch
        numbers as the alert prints them, separated by commas or new lines. Every supplier&apos;s stock of
        those batches is quarantined, and every pharmacy that received them is notified.
      </p>
    ),
  },
  {
    title: 'Follow every recall',
    body: (
      <p>
        The section lists all recalls, declared by suppliers or by the platform, each with its trace of
        deliveries, the quarantined lots of each supplier, the pharmacies&apos; confirmations and the CSV
        export.
      </p>
    ),
  },
];

/** Ghana's classes (Pharmacy Act 1994, s.39) as the badges show them, and who may buy each. */
const CLASS_ROWS: [badge: string, what: string, who: string][] = [
  ['POM', 'Class A, prescription-only medicine', 'Retail, hospital and wholesale pharmacies'],
  ['P', 'Class B, pharmacy medicine', 'Retail, hospital and wholesale pharmacies'],
  ['OTC', 'Class C, over the counter', 'Pharmacies and OTC medicine sellers'],
  [
    'Controlled',
    'A narcotic, psychotropic or precursor (tramadol, morphine, diazepam…)',
    'Pharmacies holding a verified controlled-drugs authorisation; never OTC medicine sellers',
  ],
];

const LICENCE_BUYER_STEPS: Step[] = [
  {
    title: 'Send your licence',
    body: (
      <p>
        Add your Pharmacy Council licence when you create your account, or later under <Term>Licence</Term> in
        the Customer Hub: the kind of licence, its number, its expiry date and a photo or PDF of it. If you
        may stock controlled drugs, add your controlled-drugs authorisation number and its expiry too. An
        Aduro administrator checks it, usually within a working day, and you are told the outcome.
      </p>
    ),
  },
  {
    title: 'Prepare orders while you wait',
    body: (
      <p>
        Until your licence is verified you can search, compare, fill your cart and draft orders, and a banner
        says what is missing. Approving an order, which releases it to the supplier, needs a verified licence
        that has not expired.
      </p>
    ),
  },
  {
    title: 'See what you may buy',
    body: (
      <p>
        Every medicine shows its class (<Term>POM</Term>, <Term>P</Term> or <Term>OTC</Term>) and, when it is
        one, a <Term>Controlled</Term> badge. An offer you may not buy is marked with the reason in the
        matches, the comparison, your cart and the order builder. An <Term>OTC medicine seller</Term> may buy
        over-the-counter (class C) medicines only, and no controlled drug, as the law requires.
      </p>
    ),
  },
  {
    title: 'Renew before it expires',
    body: (
      <p>
        Aduro reminds you 30 days before your licence or authorisation expires. Upload the renewed one under{' '}
        <Term>Licence</Term>; any change sends it back for review, so renew early.
      </p>
    ),
  },
];

const LICENCE_SUPPLIER_STEPS: Step[] = [
  {
    title: 'Keep registrations current',
    body: (
      <p>
        Every medicine sold must hold a valid Food and Drugs Authority registration. When a product&apos;s
        registration lapses, buyers are no longer offered it and your inventory says why; Aduro reminds your
        admins and stock managers 30 days before. Ask the platform team to record the renewed registration.
      </p>
    ),
  },
  {
    title: 'Sign off controlled drugs',
    body: (
      <p>
        Give your supervising pharmacist the <Term>Pharmacist</Term> role. A released order of a controlled
        drug cannot be dispatched until a Pharmacist opens it and chooses <Term>Sign off</Term>, attesting the
        batches, quantities and buyer. A drop re-picked after a recall needs a new sign-off.
      </p>
    ),
  },
  {
    title: 'Keep the register',
    body: (
      <p>
        Each sign-off writes an entry in the controlled-drugs register: the date, product, batch, quantity,
        the buyer with its licence and authorisation numbers, the buyer&apos;s approver and your pharmacist.
        Entries are never changed or deleted. Download it as <Term>controlled_register.csv</Term> for an
        inspection.
      </p>
    ),
  },
];

const LICENCE_ADMIN_STEPS: Step[] = [
  {
    title: 'Review buyer licences',
    body: (
      <p>
        The licence review queue lists pharmacies and OTC medicine sellers waiting for a check, oldest first.
        Open the document, compare it with the Pharmacy Council register, then verify it (ticking the
        controlled-drugs authorisation when you have checked that too) or reject it with a reason the buyer
        will read. Rejecting a verified licence revokes it at once: no order is released to that buyer
        afterwards.
      </p>
    ),
  },
  {
    title: 'Classify medicines',
    body: (
      <p>
        Set or correct each product&apos;s class, controlled status and FDA registration. A product with no
        class is treated as prescription-only until you class it. Every change is kept in the activity trail.
      </p>
    ),
  },
  {
    title: 'Watch controlled supplies',
    body: (
      <p>
        The controlled-drugs register shows every supplier&apos;s signed-off supplies, with a CSV export for
        the regulator.
      </p>
    ),
  },
];

function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="text-base font-semibold text-slate-900">{children}</h3>;
}

export function ManualRoute() {
  const { hash } = useLocation();
  // This screen loads lazily, after the router has already tried to scroll to the hash; redirects
  // such as /manual#need-help must still land on their section.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <div className="space-y-8">
      <PageHeader
        eyebrow="User manual"
        title="How to use Aduro"
        description="Step-by-step guides for pharmacies buying medicines, suppliers selling them, and the platform team overseeing the marketplace."
      />

      <div className="grid gap-8 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-labelledby="manual-toc-title" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="manual-toc-title" className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
            Contents
          </h2>
          <ol className="mt-3 flex flex-wrap gap-2 lg:flex-col lg:gap-1">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-block rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm text-slate-700 hover:border-emerald-300 hover:text-emerald-800 lg:border-transparent lg:bg-transparent lg:px-2"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="min-w-0 space-y-6">
          <Section
            id="getting-started"
            lead="Aduro is a marketplace where pharmacies in Ghana buy medicines from licensed suppliers, with prices in Ghana cedis (GH₵)."
          >
            <div className="grid gap-3 sm:grid-cols-3">
              {[
                [
                  'Customers',
                  'Pharmacies, pharmacy chains and other buyers: compare suppliers, order, track and apply for credit.',
                ],
                [
                  'Suppliers',
                  'Importers, distributors and manufacturers: manage stock, shipments, credit and staff.',
                ],
                [
                  'Platform admins',
                  'The Aduro team: review organisations and watch the health of the marketplace.',
                ],
              ].map(([title, body]) => (
                <div key={title} className="rounded-lg bg-slate-50 p-4">
                  <h3 className="font-medium text-slate-900">{title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{body}</p>
                </div>
              ))}
            </div>
            <Steps
              steps={[
                {
                  title: 'Create an account or sign in',
                  body: (
                    <p>
                      On the{' '}
                      <Link className="font-medium text-emerald-700 hover:underline" to="/login">
                        sign-in page
                      </Link>
                      , choose <Term>Create account</Term> and the Customer or Supplier type. Customers need a
                      name, e-mail and a password of at least 6 characters; organisation details are optional.
                      Suppliers also give their business details and a licence (see the supplier journey). To
                      sign in, pick the account type that matches your account.
                    </p>
                  ),
                },
                {
                  title: 'Find your way around',
                  body: (
                    <p>
                      The top bar shows the areas your account can open (Customer Hub, Supplier Hub or Admin),
                      this manual and the page you are on. Deeper pages show a breadcrumb back to your home
                      page. A small <Term>Syncing</Term> notice appears while Aduro fetches the latest data,
                      and messages appear at the top right of the screen.
                    </p>
                  ),
                },
                {
                  title: 'Try the demo',
                  body: (
                    <p>
                      The sign-in page lists demo accounts for a customer, a supplier and a platform
                      administrator. Choose one to fill in the form and explore with sample data.
                    </p>
                  ),
                },
              ]}
            />
          </Section>

          <Section
            id="customer-journey"
            lead="From finding a medicine to receiving it at each branch, with credit where your suppliers offer it."
          >
            <Steps steps={CUSTOMER_STEPS} />
          </Section>

          <Section
            id="supplier-journey"
            lead="Keep stock and prices current, deliver on time and extend credit with confidence. The tabs you see depend on your roles."
          >
            <Steps steps={SUPPLIER_STEPS} />
          </Section>

          <Section
            id="requests-for-quotation"
            lead="A request for quotation (RFQ) asks several suppliers at once for their price on the products you need. They quote until the deadline, and you award the best quotes into orders."
          >
            <div className="space-y-3">
              <SubHeading>Pharmacies (buyers)</SubHeading>
              <Steps steps={RFQ_BUYER_STEPS} headingLevel="h4" />
            </div>
            <div className="space-y-3">
              <SubHeading>Suppliers</SubHeading>
              <Steps steps={RFQ_SUPPLIER_STEPS} headingLevel="h4" />
            </div>
          </Section>

          <Section
            id="returns"
            lead="Send back packs that arrived damaged, expired, wrong or recalled. The supplier approves, receives and inspects them, and credits what came back at the price you paid."
          >
            <div className="space-y-3">
              <SubHeading>Pharmacies (buyers)</SubHeading>
              <Steps steps={RETURN_BUYER_STEPS} headingLevel="h4" />
            </div>
            <div className="space-y-3">
              <SubHeading>Suppliers</SubHeading>
              <Steps steps={RETURN_SUPPLIER_STEPS} headingLevel="h4" />
            </div>
          </Section>

          <Section
            id="admin-journey"
            lead="Platform administrators decide who may trade and keep an eye on the marketplace as a whole."
          >
            <Steps steps={ADMIN_STEPS} />
          </Section>

          <Section
            id="recalls"
            lead="A recall takes batches of a medicine off the market. Aduro quarantines the stock, finds every delivery that received it and follows each pharmacy until the packs are set aside."
          >
            <div className="space-y-3">
              <SubHeading>Suppliers</SubHeading>
              <Steps steps={RECALL_SUPPLIER_STEPS} headingLevel="h4" />
            </div>
            <div className="space-y-3">
              <SubHeading>Pharmacies (customers)</SubHeading>
              <Steps steps={RECALL_BUYER_STEPS} headingLevel="h4" />
            </div>
            <div className="space-y-3">
              <SubHeading>Platform administrators</SubHeading>
              <Steps steps={RECALL_ADMIN_STEPS} headingLevel="h4" />
            </div>
            <div className="rounded-lg bg-slate-50 p-4">
              <SubHeading>Batches and barcodes</SubHeading>
              <p className="mt-1 text-sm leading-relaxed text-slate-600">
                Recalls work batch by batch, so record the batch of every lot. In the stock sync form, the{' '}
                <Term>Barcode</Term> field reads the GS1 DataMatrix printed on the pack (the product&apos;s
                GTIN, the batch number and the expiry date) from a barcode scanner, a pasted code or your
                device&apos;s camera, and fills the product, the <Term>Batch number</Term> and the expiry for
                you. Orders are filled first expiry first out, and each delivery shows the batches it carries,
                so a recall finds exactly the branches that received them.
              </p>
            </div>
          </Section>

          <Section
            id="licences"
            lead="Ghanaian law says who may buy which medicine. Aduro checks it on every order, so each pharmacy buys only what its licence allows and every controlled supply is on record."
          >
            <div className="overflow-x-auto">
              <table className="w-full min-w-[32rem] text-left text-sm">
                <caption className="sr-only">Medicine classes and who may buy them</caption>
                <thead className="text-xs tracking-wide text-slate-500 uppercase">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Badge
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Meaning
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      Who may buy it
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 text-slate-700">
                  {CLASS_ROWS.map(([badge, what, who]) => (
                    <tr key={badge}>
                      <th scope="row" className="py-2 pr-4 font-semibold text-slate-900">
                        {badge}
                      </th>
                      <td className="py-2 pr-4">{what}</td>
                      <td className="py-2">{who}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="space-y-3">
              <SubHeading>Pharmacies and OTC medicine sellers (customers)</SubHeading>
              <Steps steps={LICENCE_BUYER_STEPS} headingLevel="h4" />
            </div>
            <div className="space-y-3">
              <SubHeading>Suppliers</SubHeading>
              <Steps steps={LICENCE_SUPPLIER_STEPS} headingLevel="h4" />
            </div>
            <div className="space-y-3">
              <SubHeading>Platform administrators</SubHeading>
              <Steps steps={LICENCE_ADMIN_STEPS} headingLevel="h4" />
            </div>
          </Section>

          <Section
            id="need-help"
            lead="The Aduro support team can help with accounts, orders, credit and verification."
          >
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="rounded-lg border border-slate-200 p-4">
                <h3 className="font-medium text-slate-900">E-mail support</h3>
                <p className="mt-1 text-sm text-slate-600">
                  Write to the Aduro support desk by e-mail for anything that can wait a few hours, such as
                  verification questions or invoice queries.
                </p>
              </div>
              <div className="rounded-lg border border-slate-200 p-4">
                <h3 className="font-medium text-slate-900">Support chat</h3>
                <p className="mt-1 text-sm text-slate-600">
                  Message the team on the Aduro support chat channel when an order or delivery needs attention
                  today.
                </p>
              </div>
            </div>
            <ul className="list-disc space-y-2 pl-5 text-sm text-slate-600">
              <li>
                Tell us your organisation, the page you were on and the message you saw; an order ID helps us
                find it quickly.
              </li>
              <li>
                Open Aduro in the latest <Term>Google Chrome</Term> or <Term>Microsoft Edge</Term> for the
                best experience.
              </li>
              <li>
                If you are sent here after signing in, your account has no workspace permissions yet: ask your
                organisation&apos;s admin or your platform administrator to grant you a role.
              </li>
            </ul>
          </Section>
        </div>
      </div>
    </div>
  );
}
