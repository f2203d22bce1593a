import { DEFAULT_DETAILS_NOTICE, DETAILS_NOTICE_SLUG } from "~/lib/traveller-details";
import type { SeedLegalPage } from "../types";

const privacyPolicy = `
<p>Pravas (<strong>"Pravas"</strong>, <strong>"we"</strong>, <strong>"us"</strong>) respects your privacy. This Privacy Policy explains what personal data we collect when you visit pravas.travel or contact us, why we collect it, how we protect it and the choices you have. We process personal data in accordance with India's Digital Personal Data Protection Act, 2023 (the <strong>"DPDP Act"</strong>) and other applicable Indian law. In this policy, "you" means the person whose data we process (the "Data Principal" under the DPDP Act) and Pravas is the "Data Fiduciary".</p>

<h2>Information We Collect</h2>
<p>We collect only the information we need to respond to you and to arrange your travel:</p>
<ul>
<li><strong>Contact details</strong> such as your name, phone number and e-mail address, which you give us when you fill in a form, call us or message us on WhatsApp.</li>
<li><strong>Travel details</strong> you share when you book, such as the names, ages, passport details and special requirements of travellers, which hotels, airlines and visa authorities need.</li>
<li><strong>Device and usage data</strong> such as your IP address, browser type, pages visited and the time of your visit, collected automatically when you use the website.</li>
<li><strong>Payment details:</strong> when you pay for a booking online, your card details are entered on and processed by our third-party payment gateway. We do not store your full card number or CVV.</li>
</ul>
<h3>What each form on this website collects, and why</h3>
<ul>
<li><strong>Enquiry popup:</strong> your name and phone number, so that our team can call you back about your trip.</li>
<li><strong>Contact form:</strong> your first name, last name, e-mail address, phone number and message, so that we can answer your question.</li>
<li><strong>Package enquiry form:</strong> your name, phone number, e-mail address (optional), the number of travellers, your preferred month of travel and your message, so that we can prepare a quote for that package.</li>
</ul>
<p>This section is our notice to you under the DPDP Act. By submitting a form you give your consent for us to use those details for the purpose stated above. We do not ask for more than the form needs, and you should not send us sensitive information such as health records or passport scans through the website forms.</p>

<h2>How We Use Your Information</h2>
<p>We use your personal data to:</p>
<ul>
<li>respond to your enquiries and call you back when you ask us to;</li>
<li>prepare quotes and itineraries, and process bookings and payments;</li>
<li>arrange hotels, transport, guides, flights, visas and insurance for your trip;</li>
<li>send you booking confirmations, travel documents and important updates about your trip;</li>
<li>improve our website and services, and keep them secure; and</li>
<li>meet our legal, tax and accounting obligations, such as GST and TCS records.</li>
</ul>
<p><strong>Lawful basis.</strong> We process your personal data on the basis of your <strong>consent</strong>, given when you submit a form or make a booking, and for the limited legitimate uses the DPDP Act permits, such as complying with the law. We will send you promotional offers or newsletters <strong>only if you have agreed</strong> to receive them, and every promotional message tells you how to opt out.</p>
<p><strong>How long we keep it.</strong> Enquiry details are kept for up to 24 months after our last conversation with you, unless you become a customer or ask us to delete them sooner. Booking and invoice records are kept for as long as Indian tax and accounting laws require.</p>

<h2>Cookies and Tracking</h2>
<p>Our website uses a small number of cookies and similar browser storage. Essential storage keeps the website working, for example remembering that you have already submitted or closed the enquiry popup so that it does not keep appearing. With analytics cookies we understand in aggregate how visitors use the site, such as which pages are most popular. You can block or delete cookies in your browser settings; the website will still work, although the enquiry popup may appear again.</p>
<p>To count how many people read each blog post and view each tour package, and to limit repeated form submissions, our server briefly uses your IP address and browser type. For the view count we keep only a one-way code made from them, which cannot be turned back into your IP address and is deleted the following day; we do not store your IP address itself.</p>

<h2>Data Sharing</h2>
<p>We do not sell or rent your personal data. We share it only when it is needed to deliver your trip or required by law:</p>
<ul>
<li>with hotels, airlines, transport operators, local guides and ground handlers who provide the services you book;</li>
<li>with embassies, consulates and immigration authorities when we process a visa for you;</li>
<li>with insurers, when you buy travel insurance through us;</li>
<li>with our payment gateway, bank and technology providers (such as website hosting and e-mail), who process data on our behalf under contract; and</li>
<li>with government authorities, courts or regulators where the law requires it.</li>
</ul>
<p>For international trips, some of this data is necessarily transferred to service providers in the destination country, within the limits allowed under Indian law.</p>

<h2>Data Security</h2>
<p>We use reasonable security safeguards to protect your personal data, including encrypted (HTTPS) connections, access controls that limit who in our team can see your details, and PCI-DSS compliant payment gateways for card payments. No method of transmission or storage is completely secure, but if a personal data breach occurs we will inform you and the Data Protection Board of India as the law requires.</p>

<h2>Your Rights</h2>
<p>Under the DPDP Act and this policy, you may:</p>
<ul>
<li><strong>access</strong> a summary of the personal data we hold about you and how we use it;</li>
<li><strong>correct</strong> or update inaccurate or incomplete data;</li>
<li><strong>delete</strong> your data when it is no longer needed for the purpose you gave it for, unless the law requires us to keep it;</li>
<li><strong>withdraw your consent</strong> at any time, as easily as you gave it;</li>
<li><strong>unsubscribe</strong> from promotional messages using the link in any e-mail, by replying STOP on WhatsApp or by writing to us;</li>
<li><strong>nominate</strong> another person to exercise these rights on your behalf in the event of death or incapacity; and</li>
<li><strong>raise a grievance</strong> with us, and then with the Data Protection Board of India if you are not satisfied with our response.</li>
</ul>
<h3>How to withdraw consent or ask for deletion</h3>
<p>E-mail <a href="mailto:hello@pravas.travel">hello@pravas.travel</a> with the subject line "Data request" and tell us what you would like us to do, using the e-mail address or phone number you gave us so that we can find your records. We will acknowledge your request within 2 working days and complete it within 30 days. Withdrawing consent does not affect anything we did before you withdrew it, but if you withdraw consent during an active booking we may no longer be able to provide some services.</p>
<h3>Grievance Officer</h3>
<p>If you have a concern about how we handle your personal data, contact our Grievance Officer, <strong>Ms. Aditi Kulkarni</strong>, at <a href="mailto:hello@pravas.travel">hello@pravas.travel</a> (subject: "Grievance Officer"), on +91 98765 43210 (Monday to Saturday, 10 am to 6 pm IST), or by post at Pravas, Office 304, Sai Crystal, Baner Road, Baner, Pune, Maharashtra 411045. We will respond within 30 days.</p>
<h3>Children</h3>
<p>Our website is not meant for children. When a parent or guardian books a trip for a child under 18, we process the child's details only for that trip and with the parent's or guardian's consent.</p>

<h2>Changes to this Privacy Policy</h2>
<p>We may update this Privacy Policy from time to time, for example when the law or our services change. The updated version will be posted on this page with a new "last updated" date, and where the changes are significant we will tell you by e-mail or through a notice on the website.</p>

<h2>Contact Us</h2>
<p>If you have any questions about this Privacy Policy or your personal data, please write to us at <a href="mailto:hello@pravas.travel">hello@pravas.travel</a>, call +91 98765 43210, or visit our office at Office 304, Sai Crystal, Baner Road, Baner, Pune, Maharashtra 411045.</p>
`.trim();

const termsConditions = `
<p>These Terms &amp; Conditions apply to every enquiry, booking and tour arranged by Pravas (<strong>"Pravas"</strong>, <strong>"we"</strong>, <strong>"us"</strong>) through pravas.travel, by phone, on WhatsApp or in person. By making a booking, you agree to these terms on behalf of yourself and everyone travelling in your booking. Please read them together with our <a href="/legal/refund-policy">Refund Policy</a>, our <a href="/legal/privacy-policy">Privacy Policy</a> and the Terms tab on the relevant package page.</p>

<h2>Bookings</h2>
<ul>
<li>A booking is made when you accept our quote and make the payment we ask for. It is <strong>confirmed only after we receive full payment</strong> and send you a written confirmation by e-mail or WhatsApp.</li>
<li>Seats, rooms and group departure dates are subject to availability until your booking is confirmed.</li>
<li>The person making the booking must be at least 18 years old and is responsible for making sure that all traveller details given to us are correct and match their passports or government ID.</li>
<li>Please tell us at the time of booking about any medical condition, mobility need or dietary requirement. We will pass it on to our suppliers but cannot guarantee that every request can be met.</li>
</ul>

<h2>Payments</h2>
<ul>
<li>You can pay by bank transfer (NEFT, RTGS or IMPS), UPI, or debit or credit card through our third-party payment gateway. Card payments may carry the gateway's processing charges.</li>
<li>We issue a tax invoice for every payment. Please quote your booking reference on bank transfers.</li>
<li>If full payment is not received by the due date shown on your quote, we may release the booking without further notice.</li>
</ul>

<h2>Pricing and Taxes</h2>
<ul>
<li>All prices are in Indian rupees (₹) and are per person unless stated otherwise.</li>
<li>Prices shown are exclusive of taxes. <strong>5% GST</strong> applies to all tour packages. For <strong>international</strong> tour packages, <strong>TCS</strong> (Tax Collected at Source) is also collected under the Income-tax Act: <strong>2%</strong> of the amount paid, GST included, from 1 April 2026, or <strong>5%</strong> where no PAN is given. TCS is deposited against your PAN, which we need at the time of booking, and can be claimed as credit in your income tax return.</li>
<li>Where child prices are offered, "child with bed" and "child without bed" rates apply to children sharing a room with two adults.</li>
<li>Prices are based on the costs, taxes and exchange rates on the date of the quote. We may revise the price of an unconfirmed booking if these change; once your booking is confirmed and fully paid, the price will change only if the government introduces or increases a tax or levy.</li>
</ul>

<h2>Cancellations and Changes</h2>
<p>If you need to cancel, please tell us in writing at <a href="mailto:hello@pravas.travel">hello@pravas.travel</a>. Cancellation charges and refunds are set out in our <a href="/legal/refund-policy">Refund Policy</a>; group departures follow the cancellation terms shown on their package page. Changes to names, dates or hotels after confirmation are subject to availability and any charges our suppliers apply.</p>
<p>We may need to change an itinerary because of weather, road conditions, strikes, government orders or other reasons beyond our control. We will offer a service of similar standard wherever possible. If we cancel a tour, you may choose a full refund or a rescheduled trip.</p>

<h2>Travel Documents</h2>
<ul>
<li>You are responsible for holding a passport valid for at least six months beyond your return date for international travel, and valid photo ID for domestic travel.</li>
<li>We assist with visa applications, but the issue of a visa is solely at the discretion of the embassy or immigration authority. Visa fees are non-refundable, and we are not responsible for refusals or delays.</li>
<li>You must meet any health, vaccination and insurance requirements of the countries you visit. We strongly recommend comprehensive travel insurance for every trip.</li>
</ul>

<h2>Conduct</h2>
<p>On group tours, please respect your fellow travellers, guides and local laws and customs. We may ask a traveller whose behaviour endangers or seriously disturbs others to leave the tour, without a refund for unused services.</p>

<h2>Liability</h2>
<ul>
<li>Pravas acts as a tour organiser and as an agent for independent suppliers such as airlines, hotels, transport operators and activity providers. Their own terms apply to their services, and we are not liable for their acts, omissions, delays or cancellations.</li>
<li>We are not liable for loss, injury, damage, delay or extra expense caused by events beyond our reasonable control, including natural disasters, extreme weather, epidemics, strikes, civil unrest and government action.</li>
<li>Where we are found liable, our liability is limited to the amount you paid us for the affected services.</li>
<li>You are responsible for your own belongings and valuables throughout the tour.</li>
</ul>

<h2>Governing Law and Disputes</h2>
<p>These terms are governed by the laws of India. We encourage you to raise any complaint with us first so that we can try to resolve it quickly. Any dispute arising from these terms or your booking is subject to the exclusive jurisdiction of the <strong>courts in Pune, India</strong>.</p>

<h2>Contact Us</h2>
<p>Questions about these terms? Write to <a href="mailto:hello@pravas.travel">hello@pravas.travel</a> or call +91 98765 43210.</p>
`.trim();

const refundPolicy = `
<p>We understand that plans can change. This Refund Policy explains what you get back if you cancel a booking with Pravas, and what happens if we have to cancel. It forms part of our <a href="/legal/terms-conditions">Terms &amp; Conditions</a>.</p>

<h2>How to Cancel</h2>
<p>Cancellations must be made in writing by e-mail to <a href="mailto:hello@pravas.travel">hello@pravas.travel</a> from the e-mail address used for the booking, quoting your booking reference. The cancellation takes effect on the date we receive your e-mail, and the number of days is counted back from the tour's start date.</p>

<h2>Standard Cancellation Schedule</h2>
<p>Unless a package page states its own cancellation terms, the following schedule applies to tours booked with us:</p>
<ul>
<li><strong>15 days or more before the tour starts:</strong> full refund of the amount paid, minus payment-gateway charges.</li>
<li><strong>7 to 14 days before the tour starts:</strong> 50% refund of the amount paid.</li>
<li><strong>Less than 7 days before the tour starts, or no-show:</strong> no refund.</li>
</ul>

<h2>Group Departures</h2>
<p>Group departures listed on a package page follow that package's own cancellation terms, shown in the Terms tab of the package page, because hotel rooms and transport for the group are booked and paid for well in advance:</p>
<ul>
<li><strong>More than 30 days before departure:</strong> 90% refund.</li>
<li><strong>15 to 30 days before departure:</strong> 50% refund.</li>
<li><strong>Less than 15 days before departure:</strong> no refund.</li>
</ul>
<p>For these departures, the package's own terms replace the standard schedule above.</p>

<h2>Non-Refundable Items</h2>
<ul>
<li>Visa fees and visa service charges, once the application has been filed.</li>
<li>Travel insurance premiums, once the policy has been issued.</li>
<li>Flight tickets, which are refunded only as the airline's fare rules allow, minus the airline's cancellation charges.</li>
<li>Special event tickets and non-refundable hotel rates that were clearly marked as such on your quote.</li>
<li>Unused services during the tour, such as missed meals, sightseeing or hotel nights.</li>
</ul>

<h2>If We Cancel Your Tour</h2>
<p>If Pravas cancels a tour for any reason, including too few travellers for a group departure, you may choose either a <strong>100% refund</strong> of the amount paid to us or <strong>rescheduling</strong> to another date or a comparable tour at no extra charge. Where the cancellation is caused by events beyond our control, such as natural disasters or government travel restrictions, we will pass on every amount we are able to recover from our suppliers, and offer rescheduling wherever possible.</p>

<h2>How Refunds Are Paid</h2>
<ul>
<li>Refunds are processed within <strong>7 to 10 business days</strong> of your cancellation being confirmed.</li>
<li>The money is returned to the original payment method or to the bank account from which you paid. Your bank may take a few more days to show the credit.</li>
<li>TCS already deposited with the government against your PAN is adjusted as the Income Tax rules permit, or can be claimed as credit in your income tax return.</li>
</ul>

<h2>Questions</h2>
<p>For help with a cancellation or refund, write to <a href="mailto:hello@pravas.travel">hello@pravas.travel</a> or call +91 98765 43210, Monday to Saturday, 10 am to 6 pm IST.</p>
`.trim();

const disclaimer = `
<p>The information on pravas.travel is provided by Pravas for general information about our tours and destinations. By using this website you accept this Disclaimer. Please read it together with our <a href="/legal/terms-conditions">Terms &amp; Conditions</a>.</p>

<h2>Accuracy of Information</h2>
<p>We take care to keep itineraries, prices, departure dates, inclusions and destination information accurate and up to date. However, prices, availability, schedules, visa rules and opening hours can change at short notice, and errors can occur. The details in your written quote and booking confirmation take precedence over the website. Please check entry requirements, health advice and travel advisories with official sources before you travel.</p>

<h2>Third-Party Services</h2>
<p>Our tours include services provided by independent suppliers such as airlines, hotels, cruise and transport operators, activity providers and local guides. These suppliers are responsible for their own services and operate under their own terms and conditions. Pravas is not responsible for their acts or omissions, including flight delays, schedule changes, overbooking or changes in hotel facilities.</p>

<h2>Photographs and Descriptions</h2>
<p>Photographs on this website are <strong>representative</strong>. Some photographs illustrate the kind of experience you can expect, such as a beach, a temple or a market, rather than the exact place, hotel or room you will visit. Hotel rooms, views, weather, crowds and wildlife sightings vary, and descriptions such as "or similar" mean that an equivalent hotel may be used.</p>

<h2>Force Majeure</h2>
<p>Pravas is not liable for any failure or delay in providing services, or for any loss or expense, caused by events beyond our reasonable control. These include natural disasters, floods, landslides, extreme weather, epidemics and pandemics, fire, strikes, civil unrest, terrorism, war, and actions or restrictions by governments or other authorities. In such cases we will do our best to help you and to offer alternatives where possible.</p>

<h2>External Links</h2>
<p>This website may contain links to external websites, such as WhatsApp, Instagram, LinkedIn, payment gateways and official visa portals. We provide these links for convenience only. We do not control and are not responsible for the content, privacy practices or availability of those websites.</p>

<h2>No Professional Advice</h2>
<p>Information on visas, health, safety and taxes on this website is general guidance, not legal, medical or financial advice. For decisions that depend on your personal circumstances, please consult the relevant authority or a qualified professional.</p>

<h2>Contact Us</h2>
<p>If you notice anything on this website that appears incorrect, please let us know at <a href="mailto:hello@pravas.travel">hello@pravas.travel</a>.</p>
`.trim();

export const legalPages: SeedLegalPage[] = [
  {
    slug: "privacy-policy",
    title: "Privacy Policy",
    lastUpdated: "October 2025",
    body: privacyPolicy,
    seoDescription:
      "How Pravas collects, uses and protects your personal data under India's DPDP Act, 2023, and how to access, correct or delete it or withdraw consent.",
  },
  {
    slug: "terms-conditions",
    title: "Terms & Conditions",
    lastUpdated: "October 2025",
    body: termsConditions,
    seoDescription:
      "Pravas booking terms: confirmation on full payment, rupee prices with 5% GST and TCS on international tours (2% from 1 April 2026), travel documents, liability and disputes.",
  },
  {
    slug: "refund-policy",
    title: "Refund Policy",
    lastUpdated: "October 2025",
    body: refundPolicy,
    seoDescription:
      "Pravas refund rules: refund slabs by days before travel, group departure terms, refunds within 7 to 10 business days and what happens if we cancel.",
  },
  {
    slug: "disclaimer",
    title: "Disclaimer",
    lastUpdated: "October 2025",
    body: disclaimer,
    seoDescription:
      "The Pravas website disclaimer on accuracy of information, third-party airlines and hotels, representative photographs, force majeure and external links.",
  },
  {
    // Not a page of its own: the trip page shows it above the consent box (ADR 108, 117).
    slug: DETAILS_NOTICE_SLUG,
    title: "Notice on the trip page (traveller details)",
    lastUpdated: "November 2026",
    body: `<p>${DEFAULT_DETAILS_NOTICE}</p>`,
    seoDescription: "",
  },
];
