import { TCS_WORD_FIXES } from "../tcs-words";
import type { SeedCard, SeedFaq, SeedTestimonial } from "../types";

type SeedSiteSettings = {
  brandName: string;
  tagline: string;
  footerDescription: string;
  phonePrimary: string;
  phoneSecondary: string;
  email: string;
  /** Digits only, country code first, as wa.me expects. */
  whatsappNumber: string;
  instagramUrl: string;
  linkedinUrl: string;
  websiteUrl: string;
  address: string;
};

/** Home intro paragraph; ==marks== the words the reveal highlights (spec §1, ADR 044). */
export const introParagraph =
  "==Travel== is not just about ticking places off a map; it is about the ==stories== you live along the way. At Pravas, we make every journey ==effortless== and ==memorable==, taking care of the details so you can focus on ==exploring== and ==discovering== the world.";

export const whatsappGeneralMessage = "Hi Pravas, I'd like to plan a trip. Could you help me with packages and prices?";

export const siteSettings: SeedSiteSettings = {
  brandName: "Pravas",
  tagline: "Curated journeys across India and beyond",
  footerDescription:
    "Pravas is a Pune-based travel agency crafting curated group tours and tailor-made holidays across India and abroad. We handle the flights, stays, visas and guides so you can simply enjoy the journey.",
  phonePrimary: "+91 98765 43210",
  phoneSecondary: "+91 91234 56780",
  email: "hello@pravas.travel",
  whatsappNumber: "919876543210",
  instagramUrl: "https://www.instagram.com/pravas.travel",
  linkedinUrl: "https://www.linkedin.com/company/pravas-travel",
  websiteUrl: "https://pravas.travel",
  address: "Office 304, Sai Crystal, Baner Road, Baner, Pune, Maharashtra 411045, India",
};

export const testimonials: SeedTestimonial[] = [
  {
    name: "Priya Deshmukh",
    location: "Pune",
    comment:
      "Our Bali trip was our first holiday abroad with the kids, and Pravas made it completely stress-free. The Mount Batur sunrise trek was the highlight, and our guide Made kept everyone laughing all the way up.",
    rating: 5,
  },
  {
    name: "Rohan Mehta",
    location: "Mumbai",
    comment:
      "The Dubai package was perfectly paced. The desert safari and the Abu Dhabi day trip to the Grand Mosque were superb, and our visa came through well before the flight without us chasing anyone.",
    rating: 5,
  },
  {
    name: "Ananya Iyer",
    location: "Chennai",
    comment:
      "Sri Lanka with Pravas was beautiful from start to finish. The tea estates around Nuwara Eliya and the walk on the Galle Fort ramparts at sunset are memories we will keep forever.",
    rating: 5,
  },
  {
    name: "Vikram Singh",
    location: "Jaipur",
    comment:
      "Nine days in Vietnam felt like a month in the best way. The overnight cruise on Halong Bay and the lantern boat in Hoi An were magical, and every hotel was better than we expected.",
    rating: 5,
  },
  {
    name: "Sneha Kulkarni",
    location: "Nashik",
    comment:
      "I took my parents on the Golden Triangle tour and they are still talking about the Taj Mahal at sunrise. The driver was careful and patient, and the hotels were comfortable for senior citizens.",
    rating: 5,
  },
  {
    name: "Arjun Rao",
    location: "Bengaluru",
    comment:
      "The Hampi – Badami trip was a history lover's dream. Our guide brought the Vittala temple and the Pattadakal carvings to life, though I wish we had one more day in Hampi.",
    rating: 4,
  },
  {
    name: "Meera Nair",
    location: "Kochi",
    comment:
      "We chose the Ooty and Mysore package for our anniversary. The tea gardens in Coonoor were lovely and Mysore Palace lit up on a Sunday evening was breathtaking.",
    rating: 5,
  },
  {
    name: "Karan Malhotra",
    location: "Delhi",
    comment:
      "Second trip with Pravas, this time Dubai with friends. The Marina dhow cruise dinner and the Burj Khalifa sunset slot they booked for us were worth every rupee.",
    rating: 5,
  },
  {
    name: "Farah Sheikh",
    location: "Hyderabad",
    comment:
      "Travelling solo to Bali, I was a little nervous, but joining the group departure was the best decision. I made friends for life, and the Ubud rice terraces were even greener than in the photos.",
    rating: 5,
  },
  {
    name: "Rahul Joshi",
    location: "Ahmedabad",
    comment:
      "The Sri Lanka tour was well organised and the Kandy temple visit was very moving. One long drive day to Bentota was tiring, but the team had warned us and planned good stops along the way.",
    rating: 4,
  },
  {
    name: "Kavya Reddy",
    location: "Hyderabad",
    comment:
      "Vietnam was our honeymoon and Pravas added a few special touches without us asking. Walking on the Golden Bridge at Ba Na Hills above the clouds was unforgettable.",
    rating: 5,
  },
  {
    name: "Amit Banerjee",
    location: "Kolkata",
    comment:
      "The Golden Triangle tour was excellent value. Amber Fort, Fatehpur Sikri and the food walk in Old Delhi were all highlights, and the prices quoted were exactly what we paid, GST included.",
    rating: 5,
  },
  {
    name: "Pooja Agarwal",
    location: "Lucknow",
    comment:
      "Our family of six did the Bangalore – Mysore – Ooty tour and everything, from the vehicle to the hotels, was spotless. The kids loved the toy train and Brindavan Gardens.",
    rating: 5,
  },
  {
    name: "Siddharth Patil",
    location: "Kolhapur",
    comment:
      "Badami's cave temples at sunrise and the coracle ride in Hampi were fantastic. The team on WhatsApp answered every question within minutes, even late in the evening.",
    rating: 5,
  },
  {
    name: "Neha Kapoor",
    location: "Chandigarh",
    comment:
      "Bali with my in-laws could have been complicated, but the itinerary balanced temples, beaches and rest days well. The Tanah Lot sunset and the Kecak dance were the favourites of our whole family.",
    rating: 5,
  },
  {
    name: "Aditya Verma",
    location: "Indore",
    comment:
      "Our Vietnam Express group had travellers from five cities and the tour leader kept everything running on time. The Cu Chi tunnels and the Mekong Delta boat ride were great, and the food was a revelation.",
    rating: 4,
  },
];

export const faqs: SeedFaq[] = [
  {
    question: "How do I book a tour with Pravas?",
    answer:
      "Call us, message us on WhatsApp or send an enquiry through the contact form with your preferred package and dates. We will share a detailed quote and itinerary, and once you confirm and complete payment we send your booking confirmation and travel documents.",
  },
  {
    question: "What is included in the package price?",
    answer:
      "Each package page lists exactly what is included, typically hotel stays, daily breakfast, sightseeing with transfers and the services of a guide. Items such as flights, visas, lunches and personal expenses are listed separately where they are not included.",
  },
  {
    question: "Do you help with visas for international trips?",
    answer:
      "Yes. We guide you through the documents and process the visa or travel authorisation your trip needs, such as the UAE tourist visa for Dubai or the Vietnam e-visa; the final decision always rests with the destination's immigration authorities.",
  },
  {
    question: "Are taxes included in the prices shown?",
    answer: `Prices are shown in Indian rupees and carry 5% GST on top. ${TCS_WORD_FIXES.faq.to}`,
  },
  {
    question: "How can I pay, and when is my booking confirmed?",
    answer:
      "You can pay by bank transfer, UPI or card through our secure payment gateway. Your booking is confirmed only after we receive full payment and send you a written confirmation.",
  },
  {
    question: "Can I customise an itinerary?",
    answer:
      "Absolutely. We can add extra nights, upgrade hotels, include activities or build a private trip around your dates, and we will re-quote the price transparently for any change.",
  },
  {
    question: "How large are your group departures?",
    answer:
      "Our group departures are kept small, usually between 12 and 25 travellers, so the guide can give everyone attention. If you prefer to travel only with your family or friends, we can arrange a private tour on most routes.",
  },
  {
    question: "What is your cancellation policy?",
    answer:
      "For package bookings, cancellations made more than 30 days before departure receive a 90% refund, cancellations 15 to 30 days before departure receive 50%, and there is no refund for cancellations within 15 days. Please see the Terms tab on each package page and our refund policy for full details.",
  },
  {
    question: "Do I need travel insurance?",
    answer:
      "We strongly recommend travel insurance for every trip, and some countries require it. We can arrange a policy covering medical emergencies, trip cancellation and lost baggage when you book.",
  },
  {
    question: "Are your tours suitable for solo travellers?",
    answer:
      "Yes, many of our guests travel alone and join our group departures to meet like-minded travellers. Solo travellers can share a room with another guest of the same gender where available, or pay a single supplement for a room of their own.",
  },
  {
    question: "How are children priced?",
    answer:
      "On tours such as Bali, Sri Lanka and the Golden Triangle we offer two child rates: child with bed, for a child who gets an extra bed, and child without bed, for a child sharing the parents' bed. The exact age band for child rates is confirmed on your quote, and infants usually pay only airfare and local charges.",
  },
  {
    question: "How can I contact Pravas?",
    answer:
      "Call us on +91 98765 43210 or +91 91234 56780, chat with us on WhatsApp, write to hello@pravas.travel or fill in the contact form on this site. We reply to every enquiry within one working day.",
  },
];

export const whyChooseUs: SeedCard[] = [
  {
    title: "All-Inclusive Packages",
    body: "Flights, hotels, transfers, sightseeing and visas come together in a single package, so there is nothing left for you to piece together.",
    icon: "suitcase",
  },
  {
    title: "Customizable Journeys",
    body: "Every itinerary can be adjusted to your pace, budget and interests, from an extra night on the beach to a private guide.",
    icon: "route",
  },
  {
    title: "Expert Guides & Local Insights",
    body: "Our experienced guides and local partners share the stories, food and hidden corners that most visitors miss.",
    icon: "compass",
  },
  {
    title: "Affordable & Transparent Pricing",
    body: "Clear rupee prices with GST and TCS shown upfront. No hidden charges and no surprises at checkout.",
    icon: "rupee",
  },
];

export const processSteps: SeedCard[] = [
  {
    title: "Contact Us",
    body: "Call, WhatsApp or send us an enquiry with your dream destination, dates and number of travellers.",
    icon: "phone",
  },
  {
    title: "We Plan Your Trip",
    body: "Our travel experts craft a day-by-day itinerary and a clear quote tailored to your preferences.",
    icon: "map",
  },
  {
    title: "Confirm & Book",
    body: "Approve the plan, complete the payment and receive your confirmation, vouchers and travel documents.",
    icon: "check",
  },
  {
    title: "Travel & Enjoy",
    body: "Pack your bags and set off, with our team just a call or message away throughout your journey.",
    icon: "plane",
  },
];
