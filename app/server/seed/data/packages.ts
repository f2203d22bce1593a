/**
 * The seven seeded tour packages (spec §1, facts from content-facts.md).
 * Prices are whole rupees before 5% GST (and TCS on international trips: 2% from 1 April 2026, 5% without a PAN).
 * Texts say the taxes and the "from" price as {gst}, {tcs} and {price}, put in
 * from the settings and the price when shown (issue 49).
 * Media keys refer to ./photos.ts.
 */
import type { SeedPackage } from "../types";
import { groupDeparture } from "../dates";

export function seedPackages(today: Date = new Date()): SeedPackage[] {
  return [
    // ───────────────────────────────────────────── Bali
    {
      slug: "bali",
      title: "Bali Group Tour",
      country: "Indonesia",
      region: "international",
      category: "Beach",
      days: 7,
      nights: 6,
      sortOrder: 1,
      description:
        "Seven days across Bali's beaches, temples and volcano country, from sunset at Tanah Lot to a sunrise climb up Mount Batur, with a tour manager travelling with the group.",
      longDescription: [
        "Our Bali Group Tour is built for travellers who want to see the island properly without planning every transfer themselves. You stay six nights in the Kuta–Seminyak area, close to the beach, the cafés and the airport, and head out each day in an air-conditioned coach with a local English-speaking guide and our own tour manager from India.",
        "The days move between Bali's two moods. There is the Bali of temples and rice fields: Tanah Lot on its rock in the sea, the Sacred Monkey Forest and the Tegallalang terraces around Ubud, and a Kecak fire dance at Uluwatu as the sun drops into the Indian Ocean. And there is the lighter side: a pre-dawn trek up Mount Batur for sunrise over the caldera lake, a full day at Waterbom, and unhurried hours on the beach.",
        "Group departures run with 15 to 30 guests, which keeps costs fair while leaving room for families, couples and friends travelling together. Vegetarian and Jain meals can be arranged with advance notice, and the Batur trek is optional for anyone who would rather sleep in.",
      ].join("\n\n"),
      price: { kind: "adultChild", adult: 99500, childWithBed: 85000, childNoBed: 77500 },
      thumbnail: "frangipani",
      gallery: ["frangipani", "bamboo-grove", "sun-over-hills", "ocean-wave", "beach-dune-grass", "dolphin-underwater"],
      highlights: [
        "Sunset at Tanah Lot, the sea temple standing on a rock off Bali's west coast",
        "A walk through Ubud's Sacred Monkey Forest Sanctuary and the Tegallalang rice terraces",
        "Pre-dawn trek up Mount Batur (1,717 m) for sunrise over Lake Batur",
        "A full day of slides and pools at Waterbom Bali in Kuta",
        "Kecak fire dance at the clifftop Uluwatu Temple",
        "Six nights in the Kuta–Seminyak beach area, a short walk from the sand",
      ],
      included: [
        "Return economy-class group airfare from India to Denpasar",
        "6 nights in a 4-star hotel in Kuta/Seminyak on twin-sharing basis",
        "Daily breakfast and dinner, with vegetarian options at every meal",
        "Airport transfers and all sightseeing in an air-conditioned coach",
        "English-speaking local guide and a tour manager from India",
        "Entrance fees for Tanah Lot, the Monkey Forest, Tegallalang and Uluwatu",
        "Mount Batur trek with a licensed trek guide and summit breakfast",
        "Waterbom Bali day pass and Kecak dance ticket",
        "Bottled water on the coach every day",
      ],
      excluded: [
        "Indonesian visa on arrival fee (about IDR 500,000) and the Bali tourist levy (IDR 150,000)",
        "Lunches, drinks and snacks not mentioned in the inclusions",
        "Travel insurance",
        "Optional activities such as the Bali swing, spa treatments and watersports",
        "Tips for guides, drivers and hotel staff",
        "{gst} and {tcs}",
      ],
      itinerary: [
        {
          day: 1,
          title: "Arrival in Bali – Kuta & Seminyak",
          description:
            "Land at Ngurah Rai International Airport in Denpasar, where our representative welcomes you with a flower garland and drives you to your hotel in Kuta or Seminyak. After check-in the afternoon is free to rest or walk down to the beach. In the evening the tour manager runs a short briefing over the welcome dinner.",
          photo: "frangipani",
        },
        {
          day: 2,
          title: "Tanah Lot Temple & Beach",
          description:
            "Spend a slow morning by the pool or on Seminyak beach before driving west to Tanah Lot in the afternoon. The Hindu sea temple sits on a rock just offshore; at low tide you can walk across to its base and receive holy spring water from the priests. Stay on for sunset, when the temple turns into a silhouette against the sky.",
          photo: "ocean-wave",
        },
        {
          day: 3,
          title: "Ubud – Monkey Forest & Rice Terraces",
          description:
            "Drive inland to Ubud, the island's cultural heart. Walk the shaded paths of the Sacred Monkey Forest Sanctuary, home to several hundred long-tailed macaques and three old temples, keeping sunglasses and snacks out of reach. After lunch, visit the Tegallalang rice terraces and browse the Ubud Art Market for woodcarvings and sarongs.",
          photo: "bamboo-grove",
        },
        {
          day: 4,
          title: "Mount Batur Sunrise Trek",
          description:
            "A 2 a.m. pick-up takes you to the foot of Mount Batur, an active volcano. The climb takes around two hours by torchlight with a local guide, and you reach the 1,717 m summit in time to watch the sun rise over Lake Batur and Mount Agung, with breakfast at the top. The afternoon is free to rest, and those who skip the trek can sleep in and meet the group later.",
          photo: "sun-over-hills",
        },
        {
          day: 5,
          title: "Waterbom Park & Beach Leisure",
          description:
            "A day for fun in the sun at Waterbom Bali in Kuta, with steep slides for thrill-seekers, a lazy river and shallow pools for younger children. Late afternoon is free for Kuta beach, shopping at Beachwalk or a Balinese massage.",
          photo: "beach-dune-grass",
        },
        {
          day: 6,
          title: "Cultural Performance & Local Sightseeing",
          description:
            "Watch the Barong and Kris dance at Batubulan in the morning, a dance-drama of good against evil from Balinese myth, then visit the silversmiths of Celuk. In the afternoon head south to Uluwatu Temple, perched on a cliff high above the ocean. As the light fades, the Kecak fire dance begins in the open-air amphitheatre, followed by a farewell dinner.",
          photo: "frangipani",
        },
        {
          day: 7,
          title: "Departure",
          description:
            "Enjoy breakfast and a last swim before check-out at noon. Depending on your flight time, you are transferred to Ngurah Rai International Airport for the flight home.",
          photo: "ocean-wave",
        },
      ],
      groupDates: [groupDeparture("Batch A", 1, 12, 7, today), groupDeparture("Batch B", 3, 9, 7, today), groupDeparture("Batch C", 6, 14, 7, today)],
      brochureUrl: null,
      rating: { stars: 4.8, reviews: 120 },
      reviews: [
        {
          stars: 5,
          review:
            "The Mount Batur sunrise was the highlight for both of us. It is a tough climb in the dark, but our guide was patient and the view over the lake at dawn was unreal. The hotel in Seminyak was clean and two minutes from the beach.",
          name: "Priya Nair",
        },
        {
          stars: 5,
          review:
            "We went with our two kids and the Waterbom day kept them happy for hours. The Kecak dance at Uluwatu at sunset is something we still talk about. Our tour manager made sure there was proper vegetarian food at every dinner.",
          name: "Rohit Kulkarni",
        },
        {
          stars: 4,
          review:
            "Well organised from start to finish. Tanah Lot at sunset was beautiful but very crowded, so get to the edge early. I only wish we had a little more time in Ubud for the art market.",
          name: "Sneha Iyer",
        },
        {
          stars: 5,
          review:
            "My parents' first trip abroad, and everything from the visa-on-arrival queue to hotel check-in was handled for us. A monkey in the Ubud forest ran off with my father's cap, which became the story of the whole holiday!",
          name: "Arjun Mehta",
        },
        {
          stars: 5,
          review:
            "Lovely balance of sightseeing and free time. Our local guide explained the daily temple offerings and Balinese customs so well that the temples meant much more to us. The Tegallalang terraces were greener than any photo.",
          name: "Kavya Reddy",
        },
        {
          stars: 4,
          review:
            "Good value for what is included: flights, breakfasts and dinners, and all the entry tickets. The coach was comfortable, though Kuta traffic can eat into the afternoons.",
          name: "Daniel Fernandes",
        },
        {
          stars: 5,
          review:
            "I travelled solo and felt safe and included throughout. The Barong dance was colourful and the silver workshop at Celuk had lovely pieces at fair prices.",
          name: "Meera Joshi",
        },
      ],
      seoTitle: "Bali Group Tour 7D/6N – Ubud, Batur & Uluwatu | Pravas",
      seoDescription:
        "Seven days in Bali: Tanah Lot at sunset, Ubud's Monkey Forest, a Mount Batur sunrise trek and Kecak at Uluwatu. From {price} per adult with flights.",
    },

    // ───────────────────────────────────────────── Dubai
    {
      slug: "dubai",
      title: "Dubai Tour",
      country: "United Arab Emirates",
      region: "international",
      category: "Family",
      days: 6,
      nights: 5,
      sortOrder: 2,
      description:
        "Six days of skyscrapers, souks and sand: the Burj Khalifa, a desert safari with BBQ dinner, a day in Abu Dhabi and an evening cruise along Dubai Marina.",
      longDescription: [
        "Dubai is an easy first international holiday from India: a short flight, familiar food everywhere and a city built for visitors. Our Dubai Tour covers the big sights without rushing them, with five nights in a 4-star hotel, daily breakfast and private transfers throughout.",
        "You see both faces of the city. Old Dubai lies around the Creek, with abra rides, the Al Fahidi quarter and the gold and spice souks of Deira; new Dubai is Palm Jumeirah, Dubai Marina and the view from the 124th floor of the Burj Khalifa. An afternoon desert safari takes you over the dunes in a 4×4 to a camp with camel rides, henna, live shows and a BBQ dinner, and a full day in Abu Dhabi brings you to the white marble courtyards of the Sheikh Zayed Grand Mosque.",
        "The last full day is kept light for shopping at Dubai Mall and the souks, ending with a dhow dinner cruise through the Marina. The UAE tourist visa is included, and our team in India stays reachable on WhatsApp for the whole trip.",
      ].join("\n\n"),
      price: { kind: "single", amount: 85000, unit: "per person" },
      thumbnail: "city-skyline-sunset",
      gallery: ["city-skyline-sunset", "burj-khalifa-construction", "bactrian-camels", "beach-dune-grass", "ocean-wave"],
      highlights: [
        "Evening views from At the Top, levels 124 and 125 of the Burj Khalifa",
        "Abra ride across Dubai Creek and a walk through the Al Fahidi historical district",
        "Desert safari with dune drive, camel ride, live shows and BBQ dinner",
        "Full-day Abu Dhabi tour with the Sheikh Zayed Grand Mosque",
        "Dhow dinner cruise along Dubai Marina",
        "Free time for Dubai Mall, the Gold Souk and the Spice Souk",
      ],
      included: [
        "Return economy-class airfare from India to Dubai",
        "UAE 30-day tourist visa",
        "5 nights in a 4-star hotel on twin-sharing basis with daily breakfast",
        "Private airport transfers and sightseeing in an air-conditioned vehicle",
        "Half-day Dubai city tour with an English/Hindi-speaking guide",
        "Burj Khalifa At the Top ticket (levels 124 and 125)",
        "Desert safari with BBQ dinner (vegetarian options available)",
        "Full-day Abu Dhabi tour with Sheikh Zayed Grand Mosque visit",
        "Dubai Marina dhow cruise with buffet dinner",
      ],
      excluded: [
        "Tourism Dirham fee charged by the hotel (AED 10–20 per room per night)",
        "Lunches and meals not listed in the inclusions",
        "Theme-park tickets such as Ferrari World or IMG Worlds",
        "Travel insurance",
        "Tips, porterage and personal expenses",
        "{gst} and {tcs}",
      ],
      // Stored out of order on purpose: the app sorts itinerary days by number.
      itinerary: [
        {
          day: 2,
          title: "Dubai City Tour & Burj Khalifa",
          description:
            "Start in old Dubai with an abra crossing of Dubai Creek and a walk among the wind-tower houses of Al Fahidi. Stop for photos at Jumeirah Mosque and the Burj Al Arab, then drive out along the trunk of Palm Jumeirah to the Atlantis. In the evening, ride the high-speed lift to At the Top on the 124th floor of the Burj Khalifa to see the city lights come on.",
          photo: "burj-khalifa-construction",
        },
        {
          day: 1,
          title: "Arrival & Hotel Transfer",
          description:
            "Arrive at Dubai International Airport, clear immigration with your pre-approved visa and meet our driver in the arrivals hall. Transfer to your hotel and check in (standard check-in is from 2 p.m.). The evening is free; the Dubai Fountain show beside Dubai Mall runs every half hour after dark and makes a good first outing.",
          photo: "city-skyline-sunset",
        },
        {
          day: 3,
          title: "Desert Safari with BBQ Dinner",
          description:
            "The morning is free. Around 3 p.m. a 4×4 collects you for the drive into the desert, followed by dune bashing over the red sands, a sunset photo stop and a short camel ride at the camp. The evening continues with henna painting, a tanoura and fire show and a BBQ dinner with vegetarian dishes, returning to the hotel by about 9:30 p.m.",
          photo: "bactrian-camels",
        },
        {
          day: 5,
          title: "Shopping, Souks & Marina Cruise",
          description:
            "A free day for shopping: Dubai Mall with its aquarium and hundreds of stores, or the Gold Souk and Spice Souk across the Creek in Deira, where bargaining is expected. In the evening, board a traditional wooden dhow for a two-hour dinner cruise past the towers of Dubai Marina and JBR.",
          photo: "ocean-wave",
        },
        {
          day: 4,
          title: "Abu Dhabi Excursion – Sheikh Zayed Grand Mosque",
          description:
            "A two-hour drive brings you to Abu Dhabi, the UAE capital. Spend time in the marble courtyards and prayer hall of the Sheikh Zayed Grand Mosque; shoulders and knees must be covered and women need a headscarf. Continue along the Corniche with photo stops at Qasr Al Watan and Emirates Palace before returning to Dubai in the evening.",
          photo: "city-skyline-sunset",
        },
        {
          day: 6,
          title: "Departure",
          description:
            "After breakfast, check out by 12 noon. Depending on your flight, there may be time for some last-minute shopping before our driver takes you to Dubai International Airport for the flight home.",
          photo: "city-skyline-sunset",
        },
      ],
      groupDates: [groupDeparture("Batch A", 2, 5, 6, today), groupDeparture("Batch B", 4, 18, 6, today), groupDeparture("Batch C", 8, 7, 6, today)],
      brochureUrl: null,
      rating: { stars: 4.8, reviews: 120 },
      reviews: [
        {
          stars: 5,
          review:
            "A perfect first trip abroad for my parents. The desert safari was their favourite, and my father even tried sandboarding! The BBQ dinner at the camp had plenty of vegetarian food.",
          name: "Anjali Deshpande",
        },
        {
          stars: 5,
          review:
            "The Burj Khalifa in the evening and the Sheikh Zayed Mosque the next day were both unforgettable. Our visas came through within a week and every pick-up was on time.",
          name: "Vikram Singh",
        },
        {
          stars: 4,
          review:
            "The hotel was in Bur Dubai, handy for the Creek and the souks though a bit far from the Marina. The dhow cruise dinner was lovely, with the towers all lit up around us.",
          name: "Farah Khan",
        },
        {
          stars: 5,
          review:
            "Travelled with my wife and two teenagers. The Abu Dhabi guide explained the mosque's marble inlay and chandeliers in detail, and the kids loved the rocking abra ride across the Creek.",
          name: "Suresh Pillai",
        },
        {
          stars: 5,
          review:
            "Our guide's tips for the Gold Souk saved us real money: check the day's rate and bargain on the making charges. The free day was well timed for shopping.",
          name: "Neha Agarwal",
        },
        {
          stars: 4,
          review:
            "Good itinerary and punctual drivers. The desert safari pick-up takes a while because the vehicle collects other guests, so be ready in the lobby early.",
          name: "Thomas Mathew",
        },
        {
          stars: 5,
          review:
            "Everything was sorted, from the airport pick-up to the mosque dress code reminders. Seeing the Dubai Fountain on our first night set the tone for the whole holiday.",
          name: "Ritu Sharma",
        },
      ],
      seoTitle: "Dubai Tour 6D/5N – Burj Khalifa, Safari & Abu Dhabi",
      seoDescription:
        "Six days in Dubai with flights and visa: Burj Khalifa At the Top, desert safari with BBQ dinner, Abu Dhabi's Grand Mosque and a Marina dhow cruise.",
    },

    // ───────────────────────────────────────────── Sri Lanka
    {
      slug: "sri-lanka",
      title: "Sri Lanka Group Tour",
      country: "Sri Lanka",
      region: "international",
      category: "Culture",
      days: 7,
      nights: 6,
      sortOrder: 3,
      description:
        "A week through Sri Lanka's hill country and south coast: Pinnawala's elephants, Kandy's Temple of the Tooth, the tea estates of Nuwara Eliya and the beaches of Bentota.",
      longDescription: [
        "Sri Lanka packs a remarkable range into a small island, and this group tour shows you a good slice of it in seven days. You start in the lowlands with the elephants of Pinnawala and the cave temples of Dambulla, climb through spice gardens to Kandy, then wind up into the cool tea country around Nuwara Eliya before finishing on the palm-lined beaches of Bentota.",
        "Several stops follow the Ramayana trail that many Indian travellers come for, including the Seetha Amman temple near Nuwara Eliya, and the evening puja at Kandy's Temple of the Sacred Tooth Relic is moving whatever your faith. Along the way you taste fresh tea at a working factory, take a boat through the mangroves of the Madu Ganga and walk the ramparts of Galle Fort as the sun goes down.",
        "Travel is in an air-conditioned coach with a Sri Lankan chauffeur-guide, and long drives are broken up with stops so no day feels like a slog. Hotels are comfortable 3- and 4-star properties with breakfast and dinner included, and we handle your Sri Lanka travel authorisation (ETA) for you.",
      ].join("\n\n"),
      price: { kind: "adultChild", adult: 93200, childWithBed: 81500, childNoBed: 75500 },
      thumbnail: "green-rolling-hills",
      gallery: ["green-rolling-hills", "forest-stream-cascades", "lake-at-dusk", "beach-dune-grass", "crab-on-rocks", "kingfisher"],
      highlights: [
        "Feeding and bath time at the Pinnawala Elephant Orphanage",
        "The painted cave shrines of the Dambulla cave temple",
        "Evening puja at the Temple of the Sacred Tooth Relic in Kandy",
        "Tea factory visit and tasting on the way up to Nuwara Eliya",
        "Seetha Amman temple and Ramboda falls on the hill-country road",
        "Madu Ganga boat ride and a sunset walk on the Galle Fort ramparts",
        "Two nights by the beach in Bentota",
      ],
      included: [
        "Return economy-class airfare from India to Colombo",
        "Sri Lanka ETA processing",
        "6 nights in 3- and 4-star hotels on twin-sharing basis",
        "Daily breakfast and dinner",
        "Air-conditioned coach with an English-speaking chauffeur-guide",
        "Entrance fees at Pinnawala, Dambulla, the Temple of the Tooth and Peradeniya gardens",
        "Kandyan cultural dance show",
        "Madu Ganga boat ride",
        "Two bottles of drinking water per person per day",
      ],
      excluded: [
        "Lunches and drinks",
        "Camera permits at some sites",
        "Travel insurance",
        "Tips for the chauffeur-guide and hotel staff",
        "Any activity not listed in the inclusions",
        "{gst} and {tcs}",
      ],
      itinerary: [
        {
          day: 1,
          title: "Airport – Pinnawala – Dambulla",
          description:
            "Arrive at Bandaranaike International Airport near Colombo, where your chauffeur-guide meets the group. Drive to the Pinnawala Elephant Orphanage to watch the herd being fed and led down to bathe in the Maha Oya river. Continue north to Dambulla for check-in and dinner.",
          photo: "kingfisher",
        },
        {
          day: 2,
          title: "Dambulla – Matale – Kandy",
          description:
            "Climb up to the Dambulla cave temple, where five caves hold more than 150 Buddha images beneath painted rock ceilings. Heading south, stop at a spice garden in Matale to see cinnamon, cardamom and pepper growing, and at the colourful Sri Muthumariamman temple. In Kandy, attend the evening puja at the Temple of the Sacred Tooth Relic followed by a Kandyan dance performance.",
          photo: "lake-at-dusk",
        },
        {
          day: 3,
          title: "Kandy – Nuwara Eliya",
          description:
            "Begin at the Royal Botanical Gardens in Peradeniya, known for its orchid house and giant Javan fig tree. The road then climbs into tea country past the Ramboda falls, with a stop at a tea factory to see how the leaf is withered, rolled and dried, and to taste the result. Visit the Seetha Amman temple before reaching Nuwara Eliya, where evenings are cool enough for a jacket.",
          photo: "forest-stream-cascades",
        },
        {
          day: 4,
          title: "Nuwara Eliya Sightseeing",
          description:
            "Explore the town once called Little England at an easy pace: Gregory Lake for a boat or pony ride, the flower beds of Victoria Park and the red-brick colonial post office. Spend the afternoon at the Hakgala Botanical Garden beneath Hakgala rock, with tea estates rolling away on every side.",
          photo: "green-rolling-hills",
        },
        {
          day: 5,
          title: "Nuwara Eliya – Bentota",
          description:
            "Leave the hills after breakfast for the long drive down to the south-west coast, with tea and lunch stops on the way. By mid-afternoon you reach Bentota, where the Bentota river meets the sea. The evening is free for the beach or the hotel pool.",
          photo: "beach-dune-grass",
        },
        {
          day: 6,
          title: "Bentota – Galle – Bentota",
          description:
            "Drive south to a sea turtle hatchery at Kosgoda, then take a boat along the Madu Ganga through mangrove channels to a small cinnamon island. Continue to Galle and walk inside the 17th-century Dutch fort, past the lighthouse and the old Dutch Reformed Church, ending on the ramparts at sunset. Return to Bentota for dinner.",
          photo: "crab-on-rocks",
        },
        {
          day: 7,
          title: "Bentota – Colombo – Airport",
          description:
            "Drive north along the coast to Colombo for a short city tour: Galle Face Green, Independence Memorial Hall and the Gangaramaya temple, with time for shopping at Pettah market. Transfer to the airport for your flight home.",
          photo: "ocean-wave",
        },
      ],
      groupDates: [groupDeparture("Batch A", 2, 20, 7, today), groupDeparture("Batch B", 5, 11, 7, today)],
      brochureUrl: null,
      rating: { stars: 4.9, reviews: 140 },
      reviews: [
        {
          stars: 5,
          review:
            "Watching the elephants at Pinnawala walk down to the river was pure joy for our children. The evening puja at the Temple of the Tooth in Kandy was very moving, and our guide made sure we had good places to stand.",
          name: "Lakshmi Subramanian",
        },
        {
          stars: 5,
          review:
            "Nuwara Eliya was the surprise of the trip: cool air, tea gardens everywhere and the Seetha Amman temple by the stream. The tea factory tasting has ruined supermarket tea for me!",
          name: "Karthik Raman",
        },
        {
          stars: 4,
          review:
            "Beautiful country and a well-paced tour. The drive from Nuwara Eliya to Bentota is long, but the stops helped and the beach hotel was worth it.",
          name: "Pooja Bhatt",
        },
        {
          stars: 5,
          review:
            "Our chauffeur-guide was knowledgeable and funny, and he knew exactly where to stop for the best king coconuts. Galle Fort at sunset was a perfect last evening.",
          name: "Sanjay Gupta",
        },
        {
          stars: 5,
          review:
            "Everything ran on time and the hotels were comfortable. The Madu Ganga boat ride through the mangroves and the turtle hatchery at Kosgoda were highlights for my mother.",
          name: "Nisha Menon",
        },
        {
          stars: 5,
          review:
            "I had done Sri Lanka on my own before, but this tour showed me places I had missed, like the Matale spice garden and Hakgala. Great value with flights and dinners included.",
          name: "Imran Sheikh",
        },
        {
          stars: 4,
          review:
            "Dambulla's painted caves were stunning, though the climb is steep in the midday heat, so carry water and a hat. Overall a very happy group and a smooth trip.",
          name: "Emma Wilson",
        },
      ],
      seoTitle: "Sri Lanka Group Tour 7D/6N – Kandy to Bentota | Pravas",
      seoDescription:
        "Seven days in Sri Lanka: Pinnawala elephants, Dambulla caves, Kandy's Temple of the Tooth, Nuwara Eliya tea country and Galle Fort. From {price} per adult.",
    },

    // ───────────────────────────────────────────── Vietnam
    {
      slug: "vietnam",
      title: "Vietnam Express",
      country: "Vietnam",
      region: "international",
      category: "Adventure",
      days: 9,
      nights: 8,
      sortOrder: 4,
      description:
        "Nine days from north to south: Hanoi's Old Quarter, an overnight Halong Bay cruise, lantern-lit Hoi An, the Golden Bridge at Ba Na Hills and the Mekong Delta.",
      longDescription: [
        "Vietnam Express covers the length of the country in nine days, using two short domestic flights so you spend your time seeing places rather than sitting in a bus. You begin in Hanoi, the thousand-year-old capital, and end in the bustle of Ho Chi Minh City, with the central coast around Danang and Hoi An in between.",
        "In the north, the limestone karsts of Ninh Binh and Halong Bay are the stars: a rowing boat through the caves of Trang An, then a night on a cruise boat among the islands, with kayaking and a cave visit before dinner on deck. The centre brings the Marble Mountains, the lantern-lit lanes of Hoi An's Ancient Town and the Golden Bridge held up by giant stone hands high in the Ba Na Hills. In the south you crawl through the Cu Chi tunnels and spend a day on the waterways of the Mekong Delta.",
        "The pace is brisk but well judged, and most mornings start after a proper breakfast. Several dinners are at Indian restaurants in Hanoi, Danang and Ho Chi Minh City, and the e-visa, both domestic flights and the Halong Bay cruise are included in the price.",
      ].join("\n\n"),
      price: { kind: "single", amount: 132900, unit: "per adult" },
      thumbnail: "sea-of-lanterns",
      gallery: ["sea-of-lanterns", "red-hill-lake", "lake-at-dusk", "calf-don-det", "gibbon", "espresso"],
      highlights: [
        "Rowing-boat trip through the caves and karsts of Trang An, Ninh Binh",
        "Overnight cruise on Halong Bay with kayaking and Sung Sot cave",
        "Lantern boat on the Thu Bon river in Hoi An Ancient Town",
        "Cable car to Ba Na Hills and a walk on the Golden Bridge",
        "The Cu Chi tunnels, a wartime underground network outside Ho Chi Minh City",
        "Boat and sampan trip through the Mekong Delta at My Tho",
        "Two domestic flights: Hanoi–Danang and Danang–Ho Chi Minh City",
      ],
      included: [
        "Return international economy-class airfare from India",
        "Domestic flights Hanoi–Danang and Danang–Ho Chi Minh City",
        "Vietnam e-visa fee",
        "7 nights in 4-star hotels plus 1 night on a Halong Bay cruise, twin sharing",
        "Daily breakfast; all meals on the cruise; lunch at Ninh Binh and Ba Na Hills; 6 dinners at Indian restaurants",
        "All transfers and sightseeing in air-conditioned vehicles with English-speaking guides",
        "Entrance fees, boat rides and the Ba Na Hills cable car as per itinerary",
        "Lantern boat ride in Hoi An",
      ],
      excluded: [
        "Meals not mentioned in the inclusions",
        "Drinks on board the cruise",
        "Water puppet show and other optional activities",
        "Travel insurance",
        "Tips for guides, drivers and cruise crew",
        "{gst} and {tcs}",
      ],
      itinerary: [
        {
          day: 1,
          title: "Arrival in Hanoi & Afternoon City Tour",
          description:
            "Arrive at Noi Bai International Airport and transfer to your hotel in the Old Quarter. In the afternoon walk around Hoan Kiem Lake to the red Huc Bridge and Ngoc Son Temple, then visit the Temple of Literature, Vietnam's first university. End with a stroll through the Old Quarter's narrow streets and a cup of Hanoi's famous egg coffee.",
          photo: "espresso",
        },
        {
          day: 2,
          title: "Ninh Binh – Hoa Lu & Trang An",
          description:
            "Drive about two hours south to Hoa Lu, Vietnam's capital in the 10th century, and visit the temples of kings Dinh and Le. After a buffet lunch, board a small rowing boat at Trang An for a two-hour trip along the river, through low caves and past rice paddies hemmed in by limestone peaks. Return to Hanoi in the evening.",
          photo: "red-hill-lake",
        },
        {
          day: 3,
          title: "Halong Bay Overnight Cruise",
          description:
            "Take the expressway to Halong Bay and board your cruise around noon. Lunch is served as the boat sails among the limestone islands, followed by a visit to the vast Sung Sot (Surprise) cave and kayaking or a swim at Ti Top island. Watch the sunset from the sundeck before dinner and a night on board.",
          photo: "lake-at-dusk",
        },
        {
          day: 4,
          title: "Halong Bay – Hanoi – Flight to Danang",
          description:
            "Wake early for tai chi on the sundeck and brunch as the boat cruises back to harbour. Drive back to Hanoi's airport for the evening flight to Danang, a little over an hour, and transfer to your hotel near My Khe beach.",
          photo: "ocean-wave",
        },
        {
          day: 5,
          title: "Marble Mountains, Hoi An & Lantern Boat",
          description:
            "Climb the Marble Mountains, five limestone hills full of caves and pagodas, and visit the stone-carving village at their foot. In the afternoon explore Hoi An Ancient Town: the Japanese Covered Bridge, the Tan Ky old house and the assembly halls of the old Chinese merchant communities. After dark, ride a small boat on the Thu Bon river and set a paper lantern afloat.",
          photo: "sea-of-lanterns",
        },
        {
          day: 6,
          title: "Golden Bridge & Ba Na Hills",
          description:
            "Ride the long cable car up to Ba Na Hills, some 1,400 m above sea level and noticeably cooler than the coast. Walk across the Golden Bridge, held up by two giant stone hands, then explore the French Village, the flower gardens and the indoor Fantasy Park. Lunch is at the hilltop buffet before you return to Danang.",
          photo: "meadow-forest-mountain",
        },
        {
          day: 7,
          title: "Fly to Ho Chi Minh City – Cu Chi Tunnels",
          description:
            "Take a morning flight to Ho Chi Minh City and drive about 90 minutes north-west to the Cu Chi tunnels. Guides show you the hidden trapdoors, kitchens and meeting rooms of this underground network, and you can crawl through a short section widened for visitors. Return to the city for dinner.",
          photo: "forest-path",
        },
        {
          day: 8,
          title: "Mekong Delta – My Tho",
          description:
            "Drive south to My Tho and board a boat on the Mekong to Thoi Son island. Visit a coconut-candy workshop and taste honey tea and tropical fruit to the sound of traditional southern folk music. Then glide through narrow, palm-lined canals in a rowing sampan before returning to Ho Chi Minh City in the late afternoon.",
          photo: "calf-don-det",
        },
        {
          day: 9,
          title: "Ho Chi Minh City Tour & Departure",
          description:
            "A morning tour of the city's landmarks: the Independence Palace, the French-era Central Post Office and Notre-Dame Cathedral from outside. Finish at Ben Thanh Market for souvenirs and Vietnamese coffee before transferring to Tan Son Nhat airport for your flight home.",
          photo: "citrus-slices",
        },
      ],
      groupDates: [groupDeparture("Batch A", 3, 3, 9, today), groupDeparture("Batch B", 7, 22, 9, today)],
      brochureUrl: null,
      rating: { stars: 4.9, reviews: 180 },
      reviews: [
        {
          stars: 5,
          review:
            "The Halong Bay cruise was the best night of the trip: kayaking between the islands, then dinner on deck as the lights came on across the bay. The cabin was spotless and the crew were lovely.",
          name: "Ananya Chatterjee",
        },
        {
          stars: 5,
          review:
            "Hoi An at night with the lanterns on the river is magical. Our guide took us to a tailor who made me a linen shirt in a day. The Ba Na Hills day was fun for all ages.",
          name: "Rahul Verma",
        },
        {
          stars: 4,
          review:
            "A fast-moving itinerary, as the name says, but the domestic flights saved a lot of road time. The Indian dinners were welcome after a week of noodles, although I loved the pho too.",
          name: "Shalini Rao",
        },
        {
          stars: 5,
          review:
            "The rowing boat through the caves at Trang An was peaceful and beautiful, and the Cu Chi tunnels gave us a real sense of the war history. Very well planned from start to end.",
          name: "Aditya Banerjee",
        },
        {
          stars: 5,
          review:
            "We were nervous about a nine-day trip with elderly parents, but the guides were patient and the hotels had lifts and good breakfasts. The Mekong boat ride and coconut candy workshop were my father's favourite.",
          name: "Divya Krishnan",
        },
        {
          stars: 4,
          review:
            "Loved the Golden Bridge, though it was very crowded by late morning. Egg coffee in Hanoi on the first day was a great welcome. One early start for the Danang flight was tiring but worth it.",
          name: "Manish Jain",
        },
        {
          stars: 5,
          review:
            "Brilliant value considering flights, the visa, the cruise and most dinners were included. The Temple of Literature and the Old Quarter walk made us want to come back for longer.",
          name: "Gaurav Malhotra",
        },
      ],
      seoTitle: "Vietnam Express 9D/8N – Hanoi, Halong Bay & Hoi An",
      seoDescription:
        "Nine days across Vietnam: Hanoi, a Halong Bay overnight cruise, Hoi An's lanterns, Ba Na Hills' Golden Bridge, Cu Chi tunnels and the Mekong Delta.",
    },

    // ───────────────────────────────────────────── Golden Triangle
    {
      slug: "golden-triangle",
      title: "Golden Triangle India Tour",
      country: "India",
      region: "national",
      category: "Heritage",
      days: 7,
      nights: 6,
      sortOrder: 5,
      description: "Delhi, Agra and Jaipur in an unhurried week: the Taj Mahal, Agra Fort, Fatehpur Sikri and the forts and palaces of the Pink City.",
      longDescription: [
        "The Golden Triangle is India's classic first journey, joining Delhi, Agra and Jaipur in a loop of roughly 750 km. Our seven-day version gives each city enough time, so you see the Taj Mahal in good light and Jaipur's forts without squeezing them into a rushed half-day.",
        "In Delhi you move from the lanes of Chandni Chowk and the Jama Masjid to the wide avenues of Lutyens' New Delhi, with Humayun's Tomb and the Qutub Minar in between. Agra brings the Taj Mahal and the red sandstone Agra Fort, and on the way to Jaipur you stop at Fatehpur Sikri, Akbar's abandoned capital. Jaipur rounds off the trip with Amber Fort, the Hawa Mahal, the City Palace and the Jantar Mantar observatory, plus time in its bazaars for block prints and jewellery.",
        "All driving is in an air-conditioned vehicle on the Yamuna Expressway and national highways, with a licensed local guide in each city. Hotels are 4-star with breakfast and dinner included, and the tour suits families, senior travellers and friends visiting India for the first time.",
      ].join("\n\n"),
      price: { kind: "adultChild", adult: 52500, childWithBed: 45000, childNoBed: 40500 },
      thumbnail: "taj-mahal",
      gallery: ["taj-mahal", "hawa-mahal", "qutub-minar", "taj-mahal-riverside", "india-gate", "qutub-minar-complex"],
      highlights: [
        "The Taj Mahal and Agra Fort with a licensed guide",
        "Cycle-rickshaw ride through Chandni Chowk in Old Delhi",
        "Humayun's Tomb and the Qutub Minar, both UNESCO World Heritage Sites",
        "Fatehpur Sikri and the Buland Darwaza on the road to Jaipur",
        "Amber Fort, the Hawa Mahal and the City Palace in Jaipur",
        "Sunset view of the Taj from Mehtab Bagh across the Yamuna",
      ],
      included: [
        "6 nights in 4-star hotels in Delhi, Agra and Jaipur on twin-sharing basis",
        "Daily breakfast and dinner",
        "Air-conditioned car or tempo traveller for all transfers and sightseeing",
        "Pick-up and drop at Delhi airport or railway station",
        "Licensed English/Hindi-speaking guides in Delhi, Agra and Jaipur",
        "Monument entrance fees as per itinerary",
        "Cycle-rickshaw ride in Chandni Chowk",
        "Jeep ride up to Amber Fort",
        "Tolls, parking, state taxes and driver allowance",
      ],
      excluded: [
        "Flights or trains to and from Delhi",
        "Lunches and drinks",
        "Camera and video fees at monuments",
        "Optional activities such as hot-air balloon rides",
        "Tips and personal expenses",
        "{gst}",
      ],
      itinerary: [
        {
          day: 1,
          title: "Arrival in Delhi",
          description:
            "Our driver meets you at Delhi airport or railway station and takes you to your hotel. The rest of the day is free to settle in; if you arrive early, an evening drive past India Gate, lit up after dark, is a gentle start. Welcome dinner at the hotel.",
          photo: "india-gate",
        },
        {
          day: 2,
          title: "Delhi City Tour",
          description:
            "Begin in Old Delhi at the Jama Masjid, then take a cycle-rickshaw through the crowded lanes of Chandni Chowk and see the Red Fort from outside. After lunch, visit Raj Ghat, Humayun's Tomb and the Qutub Minar, the 72.5 m tower begun at the end of the 12th century. The day ends with a drive through Lutyens' Delhi past Rashtrapati Bhavan and India Gate.",
          photo: "qutub-minar",
        },
        {
          day: 3,
          title: "Delhi – Agra: Taj Mahal & Agra Fort",
          description:
            "Drive about four hours down the Yamuna Expressway to Agra. After lunch visit Agra Fort, where Shah Jahan spent his last years looking out at the Taj, then the Taj Mahal itself, with time to walk the gardens and see the marble inlay up close (the Taj is closed on Fridays, so the plan shifts when needed). At sunset, cross the river to Mehtab Bagh for a quieter view of the Taj.",
          photo: "taj-mahal",
        },
        {
          day: 4,
          title: "Agra – Fatehpur Sikri – Jaipur",
          description:
            "After breakfast drive about 40 km to Fatehpur Sikri, the red sandstone city Akbar built and then left within a few decades. Walk through the Buland Darwaza to the white marble tomb of Sheikh Salim Chishti, where visitors tie threads on the screens for a wish. Continue to Jaipur, arriving by late afternoon.",
          photo: "taj-mahal-riverside",
        },
        {
          day: 5,
          title: "Jaipur: Amber Fort, Hawa Mahal & City Palace",
          description:
            "Go up to Amber Fort by jeep in the morning and explore its mirror-work Sheesh Mahal and courtyards above Maota Lake. Stop for photos at Jal Mahal and the Hawa Mahal, whose latticed windows let royal women watch the street unseen. In the afternoon, visit the City Palace and the Jantar Mantar observatory, then shop for block prints and gems in Johari Bazaar.",
          photo: "hawa-mahal",
        },
        {
          day: 6,
          title: "Jaipur – Delhi",
          description:
            "Return to Delhi on the highway, a drive of about five to six hours with a tea stop on the way. The evening is free for shopping at Dilli Haat or Janpath, or dinner around Connaught Place.",
          photo: "qutub-minar-complex",
        },
        {
          day: 7,
          title: "Departure",
          description: "After breakfast, check out and transfer to Delhi airport or railway station for your journey home.",
          photo: "india-gate",
        },
      ],
      groupDates: [
        // A departure that has already left: the site must show the next upcoming one.
        groupDeparture("Batch A", -1, 10, 7, today),
        groupDeparture("Batch B", 1, 24, 7, today),
        groupDeparture("Batch C", 4, 15, 7, today),
        groupDeparture("Batch D", 9, 6, 7, today),
      ],
      brochureUrl: null,
      rating: { stars: 4.7, reviews: 110 },
      reviews: [
        {
          stars: 5,
          review:
            "Seeing the Taj Mahal in the late afternoon light and then again from Mehtab Bagh at sunset was worth the whole trip. Our Agra guide knew every detail of the inlay work.",
          name: "Harpreet Kaur",
        },
        {
          stars: 5,
          review:
            "We brought my in-laws from Chennai and the pace suited them well. The jeep up to Amber Fort saved them the climb, and the hotels in Agra and Jaipur were excellent.",
          name: "Venkatesh Iyer",
        },
        {
          stars: 4,
          review:
            "The rickshaw ride through Chandni Chowk was chaotic in the best way. Delhi traffic made the city day long, but the guide kept us well informed. Good food at the hotels.",
          name: "Sarah Thompson",
        },
        {
          stars: 5,
          review:
            "Fatehpur Sikri was the surprise for me, so quiet and grand after the crowds in Agra. Tying a thread at Salim Chishti's tomb was a lovely moment with my mother.",
          name: "Ayesha Siddiqui",
        },
        {
          stars: 5,
          review:
            "Jaipur was the best part: Hawa Mahal in the morning, the City Palace museum and then shopping in Johari Bazaar with tips from our guide on where to buy silver. Driver was safe and courteous.",
          name: "Nikhil Patil",
        },
        {
          stars: 4,
          review:
            "Well organised and good value. I would have liked a little more time at Humayun's Tomb, which was so peaceful, but everything else was perfectly timed.",
          name: "Rekha Menon",
        },
      ],
      seoTitle: "Golden Triangle Tour 7D/6N – Delhi, Agra & Jaipur",
      seoDescription:
        "A seven-day Golden Triangle tour: Delhi's Old City and Qutub Minar, the Taj Mahal and Agra Fort, Fatehpur Sikri and Jaipur's Amber Fort. From {price}.",
    },

    // ───────────────────────────────────────────── Hampi – Badami
    {
      slug: "hampi",
      title: "Hampi – Badami",
      country: "India",
      region: "national",
      category: "Heritage",
      days: 4,
      nights: 3,
      sortOrder: 6,
      description:
        "Four days among Chalukya temples and the ruins of Vijayanagara: Badami's cave temples, Aihole, Pattadakal and the boulder-strewn city of Hampi.",
      longDescription: [
        "North Karnataka holds two of India's great stone landscapes within a few hours' drive of each other. At Badami, Aihole and Pattadakal, the Chalukya kings cut temples into red sandstone cliffs and built the northern and southern temple styles side by side between the 6th and 8th centuries. At Hampi, the capital of the Vijayanagara empire spreads across a valley of giant granite boulders beside the Tungabhadra river.",
        "This compact tour starts and ends at Hosapete (Hospet), the nearest railhead to Hampi, so it fits easily into a long weekend. You see the four cave temples at Badami, the Durga temple at Aihole and the UNESCO-listed temple group at Pattadakal, followed by a full day in Hampi with the living Virupaksha temple, the Royal Enclosure and the Vittala temple with its stone chariot and musical pillars.",
        "Travel is in a private air-conditioned car with a driver who knows these roads well, and a local guide joins you at each site. Hotels are simple and comfortable, with breakfast included. Carry a cap, sunscreen and good walking shoes; October to February is the most pleasant season.",
      ].join("\n\n"),
      price: { kind: "single", amount: 22440, unit: "per adult" },
      thumbnail: "konark-sun-temple",
      gallery: ["konark-sun-temple", "ajanta-caves", "sanchi-stupa", "red-hill-lake", "kingfisher"],
      highlights: [
        "The four 6th-century rock-cut cave temples of Badami above Agastya lake",
        "Aihole, often called the cradle of Indian temple architecture",
        "The UNESCO World Heritage temple group at Pattadakal",
        "Virupaksha temple and the Hemakuta hill temples in Hampi",
        "The stone chariot and musical pillars of the Vittala temple",
        "Sunset over Hampi's boulder landscape from Hemakuta hill",
      ],
      included: [
        "3 nights' accommodation (1 in Badami, 2 in Hampi or Hosapete) on twin-sharing basis",
        "Daily breakfast",
        "Private air-conditioned car for all transfers and sightseeing",
        "Pick-up and drop at Hosapete railway station or bus stand",
        "Local guides at Badami, Pattadakal and Hampi",
        "Monument entrance fees as per itinerary",
        "Battery-car ride to the Vittala temple",
        "Tolls, parking and driver allowance",
      ],
      excluded: [
        "Train, bus or flight to and from Hosapete",
        "Lunches and dinners",
        "Coracle ride on the Tungabhadra",
        "Camera fees at monuments",
        "Tips and personal expenses",
        "{gst}",
      ],
      itinerary: [
        {
          day: 1,
          title: "Hospet – Badami: Arrival & Cave Temples",
          description:
            "Meet your driver at Hosapete and drive about three hours north-west to Badami. After check-in and lunch, climb to the four cave temples cut into the red sandstone cliff, three Hindu and one Jain, with their carved panels of Nataraja and Vishnu. End the day at Agastya lake and the Bhutanatha temples on its far shore as the light turns golden.",
          photo: "ajanta-caves",
        },
        {
          day: 2,
          title: "Badami – Aihole – Pattadakal – Hampi",
          description:
            "Drive to Aihole, where more than a hundred temples stand in and around the village, including the apsidal Durga temple and the Lad Khan temple. Continue to Pattadakal, where the Virupaksha and Mallikarjuna temples show the southern Dravida style next to the northern Nagara-style shrines. In the afternoon drive on to Hampi, about three and a half hours, for two nights.",
          photo: "sanchi-stupa",
        },
        {
          day: 3,
          title: "Hampi: Virupaksha, Vittala Temple & Stone Chariot",
          description:
            "Start at the Virupaksha temple, still in worship after more than a thousand years, and climb Hemakuta hill for views over the old bazaar street. See the monolithic Lakshmi Narasimha and Badavilinga, the Royal Enclosure with its stepped tank, the Lotus Mahal and the Elephant Stables. In the afternoon take the battery car to the Vittala temple for the stone chariot and musical pillars, then catch sunset from Hemakuta hill.",
          photo: "konark-sun-temple",
        },
        {
          day: 4,
          title: "Hampi – Hospet, Departure",
          description:
            "After breakfast there is time for a quiet walk by the Tungabhadra near the Kodandarama temple, or an optional coracle ride on the river. Check out and drive back to Hosapete, about 30 minutes away, for your onward train or bus.",
          photo: "red-hill-lake",
        },
      ],
      // No departures announced yet: the site shows "Dates Coming Soon".
      groupDates: [],
      brochureUrl: null,
      rating: { stars: 4.7, reviews: 95 },
      reviews: [
        {
          stars: 5,
          review:
            "Standing in front of the stone chariot at the Vittala temple was a dream come true. Our Hampi guide tapped the musical pillars gently to show how they ring, and the sunset from Hemakuta hill was magical.",
          name: "Shreyas Hegde",
        },
        {
          stars: 5,
          review:
            "Badami's cave temples were the surprise of the trip. The carvings of Vishnu and Nataraja are so sharp after 1,400 years, and Agastya lake in the evening was beautiful.",
          name: "Deepa Kulkarni",
        },
        {
          stars: 4,
          review:
            "Packed but rewarding itinerary. Aihole and Pattadakal on the same day is a lot of walking in the heat, so go in winter and carry water. The driver was excellent on the village roads.",
          name: "Prakash Gowda",
        },
        {
          stars: 5,
          review:
            "We took the overnight train from Bangalore to Hosapete and the driver was waiting at the station. A perfect long-weekend trip for a history lover like my husband.",
          name: "Swati Desai",
        },
        {
          stars: 5,
          review:
            "Pattadakal was so peaceful, with hardly any crowds. Our guide explained the difference between the northern and southern temple styles standing right next to each other there.",
          name: "Rajesh Nambiar",
        },
        {
          stars: 4,
          review:
            "Hampi deserves more days than one, but this tour gave a very good overview. The hotel was simple but clean, and the coracle ride on the last morning was great fun.",
          name: "Olivia Martin",
        },
      ],
      seoTitle: "Hampi – Badami Tour 4D/3N – Temples of Karnataka",
      seoDescription:
        "A four-day heritage tour from Hosapete: Badami cave temples, Aihole, Pattadakal and Hampi's Virupaksha and Vittala temples. From {price} per adult.",
    },

    // ───────────────────────────────────────────── Bangalore – Mysore – Ooty
    {
      slug: "bangalore-mysore",
      title: "Bangalore – Mysore – Ooty",
      country: "India",
      region: "national",
      category: "Family",
      days: 6,
      nights: 5,
      sortOrder: 7,
      description:
        "A relaxed South Indian hill holiday: three nights in Ooty with a day in Coonoor, then two nights in Mysore for the palace, Chamundi Hill and Brindavan Gardens.",
      longDescription: [
        "This six-day tour pairs the cool, green Nilgiri hills with the palaces and gardens of Mysore, starting and ending in Bangalore. It is a favourite with families and couples, and the drives are kept manageable, with sightseeing along the way to break them up.",
        "From Bangalore you head south past Srirangapatna and through the forests of Bandipur and Mudumalai, where elephants and spotted deer are often seen from the road, before the ghat climb to Ooty. Three nights in the hills give you time for the Botanical Garden, Ooty Lake and Doddabetta peak, and a day in Coonoor with the Nilgiri Mountain Railway, Sim's Park and the viewpoints at Dolphin's Nose and Lamb's Rock. Mysore then brings the Amba Vilas Palace, the Chamundeshwari temple on Chamundi Hill and the musical fountain at Brindavan Gardens.",
        "Choose between two hotel options. Both include daily breakfast and a private car with driver throughout, so you can set your own pace and stop for tea estates, homemade chocolate and photo breaks as you please.",
      ].join("\n\n"),
      price: { kind: "single", amount: 21500, unit: "per person" },
      priceOptions: [
        {
          label: "Option 1",
          amount: 27400,
          unit: "per person",
          hotels: [
            {
              destination: "Ooty",
              nights: 3,
              hotel: "Preethi Classic or similar",
              roomType: "Deluxe Room",
              mealPlan: "Breakfast",
            },
            {
              destination: "Mysore",
              nights: 2,
              hotel: "Hotel Preethi International or similar",
              roomType: "Deluxe King Room",
              mealPlan: "Breakfast",
            },
          ],
        },
        {
          label: "Option 2",
          amount: 21500,
          unit: "per person",
          hotels: [
            {
              destination: "Ooty",
              nights: 3,
              hotel: "The Majestic Crown or similar",
              roomType: "Deluxe Room",
              mealPlan: "Breakfast",
            },
            {
              destination: "Mysore",
              nights: 2,
              hotel: "Heritage Suites or similar",
              roomType: "Deluxe King Room",
              mealPlan: "Breakfast",
            },
          ],
        },
      ],
      thumbnail: "mysore-palace",
      gallery: ["mysore-palace", "bonnet-macaque", "meadow-forest-mountain", "forest-stream-cascades", "glassy-tiger-butterfly", "green-rolling-hills"],
      highlights: [
        "Drive through the Bandipur and Mudumalai forests on the way to the Nilgiris",
        "Ooty's Government Botanical Garden, Ooty Lake and Doddabetta peak",
        "Toy train ride on the Nilgiri Mountain Railway to Coonoor (subject to availability)",
        "Dolphin's Nose, Lamb's Rock and the tea gardens of Coonoor",
        "Mysore Palace, Chamundi Hill and the giant Nandi monolith",
        "Musical fountain show at Brindavan Gardens",
      ],
      included: [
        "5 nights' accommodation in the chosen hotel option (3 in Ooty, 2 in Mysore)",
        "Daily breakfast",
        "Private air-conditioned car with driver for the whole tour",
        "Pick-up and drop in Bangalore (airport, railway station or hotel)",
        "All sightseeing as per itinerary",
        "Tolls, parking, interstate permits and driver allowance",
      ],
      excluded: ["Entrance fees, boating and camera charges", "Nilgiri Mountain Railway tickets", "Lunches and dinners", "Tips and personal expenses", "{gst}"],
      itinerary: [
        {
          day: 1,
          title: "Bangalore – Ooty, Sightseeing en Route",
          description:
            "Leave Bangalore early on the expressway towards Mysore, stopping at Srirangapatna for the Ranganathaswamy temple and Tipu Sultan's summer palace, the Daria Daulat Bagh. Continue through Bandipur and Mudumalai, where elephants, gaur and deer are often seen by the road, then climb the ghat into the Nilgiris. You reach Ooty by evening after a drive of about seven to eight hours.",
          photo: "bonnet-macaque",
        },
        {
          day: 2,
          title: "Ooty Full Day",
          description:
            "Spend the day around Ooty: the terraced Government Botanical Garden, the Rose Garden and a boat ride on Ooty Lake. Drive up to Doddabetta, at 2,637 m the highest peak in the Nilgiris, for views over the hills, and stop at a tea factory to see the leaf being processed and buy fresh tea. The evening is free for the market and Ooty's homemade chocolates.",
          photo: "meadow-forest-mountain",
        },
        {
          day: 3,
          title: "Day Trip to Coonoor",
          description:
            "Subject to availability, ride the Nilgiri Mountain Railway toy train from Ooty down to Coonoor while your car meets you there. Visit Sim's Park, a hillside garden of rare trees, and the viewpoints at Dolphin's Nose and Lamb's Rock, looking out over the plains and Catherine Falls. Return to Ooty through the tea estates in the evening.",
          photo: "forest-stream-cascades",
        },
        {
          day: 4,
          title: "Ooty – Mysore",
          description:
            "After breakfast, drive past Pykara Lake and falls and down through Mudumalai and Bandipur to Mysore, around five hours. In the evening visit St Philomena's Church and the Devaraja market for jasmine, sandalwood and Mysore silk. If you are in town on a Sunday or public holiday, the palace is lit up with nearly a hundred thousand bulbs from 7 p.m.",
          photo: "glassy-tiger-butterfly",
        },
        {
          day: 5,
          title: "Mysore: Palace, Chamundi Hill & Brindavan Gardens",
          description:
            "Tour the Mysore Palace, home of the Wadiyar kings, with its stained-glass Kalyana Mantapa and carved silver doors. Drive up Chamundi Hill to the Chamundeshwari temple and the giant Nandi carved from a single rock. In the evening, visit the Brindavan Gardens below the KRS dam for the illuminated musical fountain show.",
          photo: "mysore-palace",
        },
        {
          day: 6,
          title: "Mysore – Bangalore, Departure",
          description:
            "Check out after breakfast and drive back to Bangalore on the expressway, about three hours. A stop at Channapatna for its lacquered wooden toys makes a good souvenir break before drop-off at your hotel, the railway station or the airport.",
          photo: "green-rolling-hills",
        },
      ],
      groupDates: [groupDeparture("Batch A", 1, 6, 6, today), groupDeparture("Batch B", 2, 19, 6, today), groupDeparture("Batch C", 5, 2, 6, today)],
      brochureUrl: null,
      rating: { stars: 4.8, reviews: 120 },
      reviews: [
        {
          stars: 5,
          review:
            "The toy train from Ooty to Coonoor was the highlight for our kids, through tunnels and tea gardens. We spotted a herd of elephants near Mudumalai on the first day!",
          name: "Sunita Rao",
        },
        {
          stars: 5,
          review:
            "We took Option 1 and the hotels were comfortable with good breakfasts. The driver was careful on the ghat roads and never rushed us. Doddabetta was freezing but the view was worth it.",
          name: "Amit Saxena",
        },
        {
          stars: 4,
          review:
            "Mysore Palace is stunning, and we were lucky to be there on a Sunday for the lights. Ooty town gets crowded on weekends, so visit the Botanical Garden early in the morning.",
          name: "Preeti Sharma",
        },
        {
          stars: 5,
          review:
            "Perfect for our honeymoon on a budget. Dolphin's Nose in Coonoor and the boat ride on Ooty Lake were lovely, and the Brindavan Gardens fountain show was a sweet end.",
          name: "Akash and Ritika Jain",
        },
        {
          stars: 5,
          review:
            "I took my parents, who are in their seventies, and the private car made all the difference: we stopped whenever they needed a break. The Chamundi Hill temple darshan was smooth.",
          name: "Naveen Kumar",
        },
        {
          stars: 4,
          review:
            "Good value with Option 2. The Mysore hotel was very nice, and the Ooty one was fine. Please book the toy train early, as we only got tickets because our agent kept trying.",
          name: "Fatima Begum",
        },
        {
          stars: 5,
          review:
            "Srirangapatna on the first day and Channapatna toys on the way back made the long drives feel like part of the holiday. Lovely tea and homemade chocolates in Ooty.",
          name: "Joseph D'Souza",
        },
      ],
      seoTitle: "Bangalore – Mysore – Ooty Tour 6D/5N | Pravas",
      seoDescription:
        "Six days from Bangalore: three nights in Ooty with a Coonoor toy-train day, then Mysore Palace, Chamundi Hill and Brindavan Gardens. From {price} each.",
    },
  ];
}
