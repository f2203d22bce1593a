import { isoDateIn } from "~/lib/blog-format";
import type { SeedBlog } from "../types";

/** The date `days` before the seeding day (Indian time, like the list's ages), as yyyy-mm-dd. */
function daysAgo(days: number, today: Date = new Date()): string {
  return isoDateIn(new Date(today.getTime() - days * 24 * 60 * 60 * 1000));
}

const seededOn = new Date();

/**
 * The six public blog posts. Upload dates are relative to the seeding day, so
 * that every age text appears on the blog list whenever the site is set up
 * ("4 Days ago", "3 Weeks ago", "2 Months ago", "1 Year ago"), and one post
 * runs past an hour ("1 hr 15 min").
 */
export const blogs: SeedBlog[] = [
  {
    slug: "exploring-dubai",
    title: "Exploring Dubai: A First-Timer's Guide",
    durationMinutes: 8,
    views: 2315,
    uploadDate: daysAgo(620, seededOn),
    headImage: "city-skyline-sunset",
    excerpt:
      "Everything a first-time visitor from India needs to know about Dubai, from the best months to go to getting around, what to wear and what not to miss.",
    seoTitle: "Exploring Dubai: A First-Timer's Guide | Pravas",
    seoDescription:
      "Planning your first Dubai trip? Best months to visit, visas for Indians, getting around, dress etiquette and the sights worth your time, from Pravas.",
    content: `
<p>Dubai is one of the easiest international trips you can take from India: direct flights leave from more than a dozen Indian cities, the flying time from Mumbai or Delhi is around three to four hours, and you will hear Hindi, Malayalam and Urdu in almost every mall. Yet a first visit can still feel overwhelming. Here is what we tell every first-timer before they fly.</p>

<h2>When to go</h2>
<p>The best time to visit is <strong>November to March</strong>, when daytime temperatures sit between roughly 20°C and 30°C and evenings are pleasant enough for the desert and the Creek. From June to September the mercury regularly crosses 40°C, so sightseeing shrinks to early mornings and air-conditioned malls. If your dates fall during Ramadan, the city stays open for visitors, but avoid eating or drinking in public during daylight hours.</p>

<h2>Visas and money</h2>
<p>Most Indian passport holders need a UAE tourist visa arranged before travel; we process it as part of our packages. Travellers holding a valid US visa or green card, or a UK or EU residence permit, may be eligible for a visa on arrival, but rules change, so check before you book your flights. The currency is the UAE dirham (AED), pegged to the US dollar; one dirham is roughly ₹23–24. Cards work almost everywhere, though it helps to carry some cash for the souks and the abra.</p>

<h2>Getting around</h2>
<ul>
<li><strong>Dubai Metro:</strong> clean, cheap and air-conditioned. Buy a Nol card at any station; the Red Line connects the airport, Burj Khalifa/Dubai Mall and Dubai Marina.</li>
<li><strong>Abra:</strong> the wooden water taxis across Dubai Creek cost about one dirham and are the most charming ride in the city.</li>
<li><strong>Taxis and ride apps:</strong> convenient for the evenings, and metered fares are fair.</li>
</ul>

<h2>What not to miss</h2>
<h3>Old Dubai</h3>
<p>Start at the Al Fahidi Historical Neighbourhood with its wind-tower houses, cross the Creek by abra and walk through the Spice Souk and Gold Souk in Deira. Bargaining is expected in the souks, not in the malls.</p>
<h3>Burj Khalifa and Dubai Mall</h3>
<p>Book your <em>At the Top</em> tickets online and in advance, especially for sunset slots, which sell out. Afterwards, stay for the Dubai Fountain show, which runs every half an hour in the evening.</p>
<h3>The desert</h3>
<p>An evening desert safari combines dune bashing in a 4x4, a short camel ride, henna, a Tanoura dance show and a barbecue dinner under the stars. If anyone in your group has back problems or is pregnant, ask for a gentler drive.</p>
<h3>Abu Dhabi</h3>
<p>The Sheikh Zayed Grand Mosque, about a 90-minute drive away, is worth a full day. Dress modestly: long sleeves and ankle-length clothing for everyone, and a headscarf for women.</p>

<h2>Etiquette tips</h2>
<ul>
<li>Shoulders and knees covered in mosques, souks and government buildings; beachwear stays on the beach.</li>
<li>Public displays of affection and photographing people without permission are frowned upon.</li>
<li>Friday is the main prayer day; some attractions open later.</li>
</ul>

<blockquote>Pack light cotton for the day and a light jacket for the evenings: malls and the metro are very cold, and so is the desert after sunset in winter.</blockquote>

<p>Our <a href="/packages/dubai">6-day Dubai tour</a> covers the city tour, Burj Khalifa, the desert safari, an Abu Dhabi day trip and a Marina dhow cruise, with your visa handled for you. Have questions? <a href="/contact">Talk to our team</a> and we will plan it around your dates.</p>
`.trim(),
  },
  {
    slug: "street-food-guide",
    title: "A Street Food Lover's Guide to India",
    durationMinutes: 6,
    views: 860,
    uploadDate: daysAgo(21, seededOn),
    headImage: "citrus-slices",
    excerpt: "From parathas in Old Delhi to Indore's midnight food market, here is where and how to eat your way across India's streets safely.",
    seoTitle: "A Street Food Lover's Guide to India | Pravas",
    seoDescription:
      "Where to eat chaat, kachori, kebabs and vada pav across India, the city-by-city dishes worth travelling for, and simple tips to enjoy street food safely.",
    content: `
<p>Ask any Indian traveller what they remember most about a trip and, sooner or later, the conversation turns to food. The country's street stalls are where regional cooking is at its most honest: cheap, quick and made in front of you. Here is a short, opinionated guide to the cities and dishes worth planning a trip around.</p>

<h2>Delhi: chaat country</h2>
<p>In Old Delhi, Chandni Chowk is the obvious start. Try stuffed parathas fried in ghee in <strong>Paranthe Wali Gali</strong>, crisp jalebis, and aloo tikki or dahi bhalla from the chaat stalls nearby. Go in the morning on a weekday; by evening the lanes are shoulder to shoulder. Further south, the kebab counters around Nizamuddin and Jama Masjid come alive after sunset.</p>

<h2>Agra and Jaipur: the Golden Triangle on a plate</h2>
<p>Agra is famous for <em>petha</em>, the translucent ash-gourd sweet, but locals start the day with bedai and spicy aloo sabzi followed by hot jalebi. In Jaipur, the pyaaz kachori is practically a city symbol; pair it with a kulhad of lassi. If you are on our <a href="/packages/golden-triangle">Golden Triangle tour</a>, ask your guide for the stalls they eat at themselves.</p>

<h2>Mumbai: fast food, the original way</h2>
<ul>
<li><strong>Vada pav:</strong> the potato fritter in a bun that fuels the city, best eaten near a railway station.</li>
<li><strong>Pav bhaji:</strong> buttery, spicy and best on the beach at Juhu or Girgaum Chowpatty.</li>
<li><strong>Bhel puri and sev puri:</strong> tangy, crunchy and perfect for a sea-face evening.</li>
</ul>

<h2>Kolkata, Lucknow and Amritsar</h2>
<p>Kolkata's <strong>puchka</strong> is sharper and more tamarind-heavy than Delhi's golgappa, and the kathi roll was born here. Lucknow's Aminabad and Chowk neighbourhoods are the place for melt-in-the-mouth galouti and seekh kebabs. In Amritsar, have an Amritsari kulcha with chole for breakfast, then a thick lassi, and save room for the langar at the Golden Temple.</p>

<h2>Indore's night market</h2>
<p>Indore takes street food more seriously than almost anywhere. By day, Chappan Dukan serves poha-jalebi and garadu in winter; by night, the jewellery shops of <strong>Sarafa Bazaar</strong> shut and food stalls take over until well past midnight, serving bhutte ka kees, sabudana khichdi and malpua.</p>

<h2>South India</h2>
<p>Bengaluru's darshinis serve crisp dosas and idli-vada standing up, Chennai is the place for sundal on Marina Beach, and Madurai has <em>jigarthanda</em>, a cold drink of milk, almond gum and ice cream. Mysore's own contribution is the rich, ghee-heavy Mysore pak.</p>

<h2>Eat well, stay well</h2>
<ol>
<li>Choose busy stalls with a high turnover; the locals' queue is the best hygiene certificate.</li>
<li>Prefer food that is cooked hot in front of you over items that have been sitting out.</li>
<li>Drink sealed bottled water and skip ice and pre-cut fruit, especially in the monsoon.</li>
<li>Go easy on the first day, and carry ORS sachets just in case.</li>
<li>Keep small change ready; many stalls now take UPI, but not all.</li>
</ol>

<blockquote>The best street food is rarely the stall with the biggest signboard; it is the one with the longest queue at 8 in the morning.</blockquote>

<p>Want food walks built into your trip? <a href="/contact">Tell us what you love to eat</a> and we will add them to your itinerary.</p>
`.trim(),
  },
  {
    slug: "top-beaches-summer",
    title: "Top Beaches to Escape to This Summer",
    durationMinutes: 7,
    views: 1240,
    uploadDate: daysAgo(226, seededOn),
    headImage: "beach-dune-grass",
    excerpt:
      "Summer in India means monsoon on the west coast, so here are the beaches, at home and a short flight away, that are actually at their best from April to June.",
    seoTitle: "Top Beaches to Escape to This Summer | Pravas",
    seoDescription:
      "Beaches in Bali, Sri Lanka, Vietnam and the Andamans that are at their best in India's summer holidays, with when to go and tips for a safe beach break.",
    content: `
<p>The school holidays fall in April, May and June, which is exactly when the monsoon starts rolling up India's west coast. Goa, Gokarna and Kerala's beaches are glorious from October to March, but by June the seas are rough and many shacks have shut. The good news is that several beautiful coastlines are at their best in these months. Here are our picks.</p>

<h2>1. Bali, Indonesia</h2>
<p>Bali's dry season runs from roughly <strong>April to October</strong>, which makes it one of the most reliable summer beach escapes for Indian families. Choose <strong>Nusa Dua</strong> for calm, swimmable water and resort beaches, <strong>Seminyak</strong> for sunsets and cafés, and the cliff-backed coves of <strong>Uluwatu</strong> such as Padang Padang for the scenery. Combine the beach with the rice terraces of Ubud and a sunrise trek up Mount Batur. Our <a href="/packages/bali">7-day Bali group tour</a> does exactly that.</p>

<h2>2. Sri Lanka's east coast</h2>
<p>Sri Lanka has two beach seasons. The south and west coasts, including Bentota and Galle, are best from December to April, while the <strong>east coast</strong>, with Trincomalee, Pasikudah and Arugam Bay, is dry and sunny from <strong>May to September</strong>. Pasikudah's shallow, reef-protected bay is ideal for children, and Arugam Bay draws surfers from across the world. If you are travelling in winter instead, our <a href="/packages/sri-lanka">Sri Lanka group tour</a> ends with two nights in Bentota.</p>

<h2>3. Da Nang and Hoi An, Vietnam</h2>
<p>Central Vietnam is at its sunniest between <strong>February and August</strong>. My Khe beach in Da Nang is a long, clean arc of sand within minutes of the city, and An Bang beach near Hoi An is quieter, lined with seafood restaurants. Evenings in Hoi An's lantern-lit old town are a bonus. The <a href="/packages/vietnam">Vietnam Express</a> itinerary includes Da Nang, Hoi An and Ba Na Hills.</p>

<h2>4. Andaman Islands, India</h2>
<p>For a domestic option without a visa, the Andamans are at their best from <strong>October to mid-May</strong>, so plan for April or early May. <strong>Radhanagar Beach</strong> on Swaraj Dweep (Havelock) is one of the finest in Asia, and Elephant Beach nearby has good snorkelling. Ferries between Port Blair and the islands sell out in peak season, so book early.</p>

<h2>5. Lakshadweep, India</h2>
<p>India's smallest Union Territory has lagoons of astonishing clarity around Agatti, Bangaram and Kadmat. Visitors need an entry permit, and the weather turns rough once the monsoon arrives in late May, so aim for March to mid-May.</p>

<h2>Beach safety, the short version</h2>
<ul>
<li>Swim only where lifeguards are present and respect red flags; rip currents are strongest just before the monsoon.</li>
<li>Use a high-SPF, reef-friendly sunscreen and reapply after every swim.</li>
<li>Drink far more water than you think you need, and avoid the sun between noon and 3 pm.</li>
<li>Carry your plastic back with you; many island beaches have no waste collection.</li>
</ul>

<blockquote>Pick your beach by the season, not just by the photos: the same bay can be a mirror in April and a washing machine in July.</blockquote>

<p>Not sure which coast suits your dates? <a href="/contact">Ask our team</a> and we will match the beach to your holiday.</p>
`.trim(),
  },
  {
    slug: "national-parks",
    title: "India's National Parks: A Wildlife Safari Guide",
    durationMinutes: 9,
    views: 1587,
    uploadDate: daysAgo(123, seededOn),
    headImage: "indian-rhinoceros",
    excerpt: "Tigers in Ranthambore, rhinos in Kaziranga and elephants in Bandipur: how to choose a national park, when to go and how to book a safari.",
    seoTitle: "India's National Parks: A Safari Guide | Pravas",
    seoDescription:
      "Choose the right Indian national park for tigers, rhinos, lions or elephants, with the best season for each, safari booking tips and what to wear.",
    content: `
<p>India has more than a hundred national parks, and they range from Himalayan valleys to mangrove deltas. For a first safari, though, a handful stand out for the animals you are likely to see, the quality of the guides and how easy they are to reach. Here is how to choose.</p>

<h2>For tigers</h2>
<h3>Ranthambore, Rajasthan</h3>
<p>Dry deciduous forest, a 10th-century fort and lakes where tigers are often seen in the open make Ranthambore the most photogenic tiger reserve in the country. It is about three to four hours by road from Jaipur, so it fits neatly onto the end of a <a href="/packages/golden-triangle">Golden Triangle tour</a>. The core zones are open from <strong>October to June</strong> and close for the monsoon.</p>
<h3>Jim Corbett, Uttarakhand</h3>
<p>India's oldest national park, set up in 1936, is a long drive or short train ride from Delhi. Stay overnight in the <strong>Dhikala</strong> zone if you can get a booking: the grasslands along the Ramganga river are superb for elephants as well as tigers. Dhikala is usually open from mid-November to mid-June.</p>
<h3>Kanha and Bandhavgarh, Madhya Pradesh</h3>
<p>Kanha's sal forests and meadows are home to the barasingha, a swamp deer brought back from the edge of extinction, while Bandhavgarh has one of the highest densities of tigers in India. Core zones close from July to September.</p>

<h2>For rhinos: Kaziranga, Assam</h2>
<p>A UNESCO World Heritage Site, Kaziranga protects around two-thirds of the world's greater one-horned rhinos. Jeep and early-morning elephant-back safaris run from <strong>November to April</strong>; the park floods and closes in the monsoon.</p>

<h2>For lions: Gir, Gujarat</h2>
<p>Gir is the only place on earth where Asiatic lions live in the wild. Safaris run from mid-October to mid-June, and permits are limited, so book as soon as your dates are fixed.</p>

<h2>For elephants: Bandipur, Nagarhole and Mudumalai</h2>
<p>Where Karnataka, Tamil Nadu and Kerala meet, these connected forests of the Nilgiri Biosphere Reserve hold one of Asia's largest populations of wild elephants, along with gaur, tigers and leopards. The road from Mysore to Ooty runs right through Bandipur and Mudumalai, and vehicles are not allowed through at night, so plan to cross in daylight. An early-morning safari is an easy add-on to our <a href="/packages/bangalore-mysore">Bangalore – Mysore – Ooty tour</a>.</p>

<h2>Booking a safari</h2>
<ul>
<li>Safari permits are sold by each state's forest department, usually online, and popular zones sell out weeks ahead. You need the ID details of every traveller at the time of booking.</li>
<li>Morning drives generally offer better sightings than afternoon ones, and two or three drives give you a far better chance than one.</li>
<li>A sighting is never guaranteed. Enjoy the birds, the deer and the forest itself; the tiger is a bonus.</li>
</ul>

<h2>What to wear and carry</h2>
<ul>
<li>Earthy colours such as khaki, olive and brown; avoid white, red and perfume.</li>
<li>Layers for winter mornings, which can be near freezing in Corbett and Kanha, and a cap and scarf against the dust in summer.</li>
<li>Binoculars, a camera with a zoom lens, a water bottle and your original photo ID.</li>
</ul>

<blockquote>Speak softly, stay seated and never ask your driver to get closer. The best sightings go to the quietest jeeps.</blockquote>

<p>Want a safari added to your trip? <a href="/contact">Get in touch</a> and we will check permit availability for your dates.</p>
`.trim(),
  },
  {
    slug: "western-ghats-monsoon",
    title: "The Western Ghats in the Monsoon: Where to Go and How to Stay Safe",
    durationMinutes: 10,
    views: 412,
    uploadDate: daysAgo(4, seededOn),
    headImage: "bonnet-macaque",
    excerpt: "Waterfalls, wildflower plateaus and misty ghats: a season-by-season guide to India's greenest mountain range, and the safety rules that matter.",
    seoTitle: "Western Ghats in the Monsoon: Where to Go | Pravas",
    seoDescription:
      "Plan a monsoon trip to the Western Ghats: waterfalls, the Kaas Plateau bloom, Coorg, Agumbe and Munnar, with the safety rules every rain traveller needs.",
    content: `
<p>The Western Ghats run for about 1,600 km along India's west coast, from Gujarat through Maharashtra, Goa, Karnataka and Kerala to Tamil Nadu. They are older than the Himalayas, a UNESCO World Heritage Site since 2012 and one of the world's richest biodiversity hotspots. From June to September the south-west monsoon turns them into a landscape of waterfalls, cloud and impossible greens. With the rains now behind us, this is the right time to start planning next year's trip.</p>

<h2>Maharashtra: the Sahyadris</h2>
<h3>Lonavala, Tamhini and Malshej Ghat</h3>
<p>Within two to three hours of Pune and Mumbai, these ghats are at their most dramatic in July and August, when dozens of seasonal waterfalls pour off the cliffs. Go on a weekday; weekend traffic on the ghat roads can be severe.</p>
<h3>Kaas Plateau</h3>
<p>Near Satara, the Kaas Plateau carpets itself in wildflowers, including many species found nowhere else, from <strong>late August to early October</strong>. Entry is capped and visitors must book a slot online, so plan ahead and stay on the marked paths.</p>
<h3>Amboli</h3>
<p>One of the wettest places in Maharashtra, Amboli is loved by naturalists for its frogs, caecilians and the waterfall right beside the road.</p>

<h2>Goa and Karnataka</h2>
<p>Monsoon Goa is a different place from the December crowds: quiet, green and cheap. The famous Dudhsagar Falls are at their fullest in the rains, but the jeep safari to the base generally stays closed until the monsoon eases in October, and walking along the railway line is prohibited. In Karnataka, <strong>Agumbe</strong> receives some of the heaviest rainfall in southern India and is home to a king cobra research station, while <strong>Coorg</strong> offers misty coffee estates and waterfalls such as Abbey Falls.</p>

<h2>Kerala and the Nilgiris</h2>
<p>Athirappilly Falls in Thrissur district is spectacular in August. Munnar's tea gardens are at their greenest, and the Nilgiris around Ooty and Coonoor get a gentler share of the monsoon than the coast, with cool, misty days ideal for a ride on the <em>Nilgiri Mountain Railway</em>. Munnar is also home to the Neelakurinji, a shrub that carpets the hills in blue only once every twelve years; the next mass bloom is expected around 2030.</p>

<h2>Monsoon safety rules</h2>
<ol>
<li><strong>Check the forecast daily.</strong> Follow IMD alerts and local news; orange and red alerts mean stay put.</li>
<li><strong>Respect closures.</strong> District authorities often ban entry to waterfalls, forts and dams after heavy rain. The rules exist because people drown every season.</li>
<li><strong>Never enter the water</strong> at waterfalls or streams, however calm it looks. Flash floods rise in minutes.</li>
<li><strong>Drive in daylight</strong> on ghat roads, and watch for landslides and fog.</li>
<li><strong>Prepare for leeches</strong> with leech socks, salt or tobacco powder, and full-length trousers.</li>
<li><strong>Waterproof everything:</strong> dry bags for phones and documents, quick-dry clothes and shoes with real grip.</li>
</ol>

<h2>Good to know</h2>
<ul>
<li>Hotels and homestays offer lower monsoon rates, but confirm that the access road stays open in heavy rain.</li>
<li>Trekking routes in wildlife sanctuaries are often closed between June and September.</li>
<li>Leave a little slack in your plans; a landslide can close a road for a day.</li>
</ul>

<blockquote>In the ghats, the monsoon rewards the patient. Wait out the downpour with a cutting chai, and the clouds will open on a valley you will never forget.</blockquote>

<p>Prefer the cool hills without the downpour? Our <a href="/packages/bangalore-mysore">Bangalore – Mysore – Ooty tour</a> runs through the year. For a custom monsoon getaway, <a href="/contact">contact us</a>.</p>
`.trim(),
  },
  {
    slug: "heritage-temples-of-india",
    title: "Heritage Temples of India: A Traveller's Guide",
    durationMinutes: 75,
    views: 1932,
    uploadDate: daysAgo(84, seededOn),
    headImage: "konark-sun-temple",
    excerpt:
      "From the ruins of Hampi to the Chola giants of Tamil Nadu, a guide to India's great heritage temples, what makes each special and how to visit respectfully.",
    seoTitle: "Heritage Temples of India: A Traveller's Guide | Pravas",
    seoDescription:
      "Discover India's great heritage temples, from Hampi, Badami and Pattadakal to Thanjavur, Konark and Khajuraho, with the best season and temple etiquette.",
    content: `
<p>India's temples are more than places of worship. They are encyclopaedias in stone, recording more than 1,500 years of architecture, sculpture, music and kingship. Many are still living temples where daily rituals continue, while others are protected monuments maintained by the Archaeological Survey of India. This guide is meant to be read slowly and used on the ground: take your time with it, as you should with the temples themselves.</p>

<h2>Karnataka: the cradle of temple architecture</h2>
<h3>Badami</h3>
<p>Carved into red sandstone cliffs above the Agastya lake, the four <strong>Badami cave temples</strong> date from the 6th century, when Badami (ancient Vatapi) was the capital of the Chalukyas. Three are Hindu, dedicated to Shiva and Vishnu, and one is Jain. Look for the eighteen-armed dancing Nataraja in the first cave.</p>
<h3>Aihole and Pattadakal</h3>
<p>Aihole, with more than a hundred temples scattered through a village, is often called the cradle of Indian temple architecture; its apsidal Durga temple is the highlight. Nearby <strong>Pattadakal</strong>, a UNESCO World Heritage Site, shows northern and southern temple styles side by side. Its Virupaksha temple was built around 745 CE by Queen Lokamahadevi to mark her husband Vikramaditya II's victory over the Pallavas.</p>
<h3>Hampi</h3>
<p>The capital of the Vijayanagara empire is today a boulder-strewn landscape of ruins along the Tungabhadra. The <strong>Virupaksha temple</strong> has been in continuous worship for centuries, and the <strong>Vittala temple</strong> complex is home to the famous stone chariot and the musical pillars, which visitors may no longer tap. Our <a href="/packages/hampi">Hampi – Badami tour</a> covers all four sites in four days.</p>

<h2>Tamil Nadu: the great living temples</h2>
<ul>
<li><strong>Brihadeeswarar Temple, Thanjavur:</strong> completed around 1010 CE by the Chola king Rajaraja I, its tower rises about 66 metres. It is one of the Great Living Chola Temples on the UNESCO list.</li>
<li><strong>Meenakshi Amman Temple, Madurai:</strong> a city within a city, with fourteen gateway towers covered in brightly painted figures. Attend the evening ceremony if you can.</li>
<li><strong>Shore Temple, Mahabalipuram:</strong> an 8th-century Pallava temple standing at the edge of the Bay of Bengal, close to the rock-cut rathas and Arjuna's Penance.</li>
</ul>

<h2>Central, eastern and western India</h2>
<p>The temples of <strong>Khajuraho</strong> in Madhya Pradesh, built by the Chandela dynasty between about 950 and 1050 CE, are celebrated for the grace of their sculpture. The 13th-century <strong>Sun Temple at Konark</strong> in Odisha was conceived as the chariot of the sun god, with 24 carved stone wheels and seven horses. In Gujarat, the <strong>Modhera Sun Temple</strong>, built in the 11th century, has a stepped tank so beautiful that it rivals the shrine itself.</p>

<h2>When to go</h2>
<p>For most of these sites, <strong>October to February</strong> is ideal. Hampi and Badami can cross 40°C in April and May, and stone floors become painfully hot by midday. Start early, rest in the afternoon and return for the golden light before sunset.</p>

<h2>Temple etiquette</h2>
<ol>
<li>Remove your footwear where asked; socks are handy on hot stone.</li>
<li>Dress modestly, with shoulders and knees covered. Some temples in Kerala and Tamil Nadu have specific dress codes for the inner sanctum.</li>
<li>Photography is usually banned inside the sanctum; obey the signs and ask before photographing priests or worshippers.</li>
<li>Some living temples allow only Hindus into the inner sanctum; respect this without argument.</li>
<li>Buy monument tickets on the ASI's official website or at the counter, and hire a licensed guide.</li>
</ol>

<blockquote>Hire a good local guide. A carved pillar is just a pillar until someone tells you the story it has been telling for a thousand years.</blockquote>

<p>Want a heritage itinerary of your own? <a href="/contact">Write to us</a> and we will design one around the temples you want to see.</p>
`.trim(),
  },
];
