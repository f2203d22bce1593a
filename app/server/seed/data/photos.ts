/**
 * Seeded photos: free images from /work/shared/photos, copied unchanged into
 * content/photos. Credits follow /work/shared/photos/CREDITS.tsv.
 *
 * Alt text says what each photo really shows. Several photos are mood
 * stand-ins for a package (the frangipani in the Bali package, the Bactrian
 * camels in the Dubai package, and so on). Their alt text never names a place
 * the photo does not show.
 *
 * The six blog posts and their head images (see `blogPhotoKeys`):
 *   - exploring-dubai       "Exploring Dubai"                          -> city-skyline-sunset
 *   - street-food-guide     "A Street-Food Guide"                      -> citrus-slices
 *   - top-beaches-summer    "Top Beaches for Summer"                   -> beach-dune-grass
 *   - national-parks        "National Parks of India"                  -> indian-rhinoceros
 *   - monsoon-western-ghats "Monsoon in the Western Ghats: hill stations
 *                            and forests at their greenest"            -> bonnet-macaque
 *   - heritage-temples      "Heritage Temples of India"                -> konark-sun-temple
 */
import type { SeedPhoto } from "../types";

const GCOMPRIS = "Debian package gcompris-qt-data";
const commons = (file: string) => `commons.wikimedia.org/wiki/${file}`;

export const photos: SeedPhoto[] = [
  // Home hero (2560 × 1600)
  {
    key: "hero",
    file: "34-rowing-boats-lake-sunset.jpg",
    alt: "Wooden rowing boats drawn up on a lake shore at sunset, with hills and a glowing sky beyond",
    author: "Ian Hex",
    license: "GPL-2+ (metadata.json: LGPLv3)",
    source: "Debian package plasma-workspace-wallpapers (usr/share/wallpapers/EveningGlow/contents/images/2560x1600.jpg)",
  },

  // Golden Triangle: real photos of the places
  {
    key: "taj-mahal",
    file: "01-taj-mahal-agra.webp",
    alt: "The Taj Mahal in Agra seen across its long water channel and cypress-lined gardens",
    author: "Yann",
    license: "CC-BY-SA-4.0",
    source: `${GCOMPRIS}; original: ${commons("File:Taj_Mahal,_Agra,_India.jpg")}`,
  },
  {
    key: "taj-mahal-riverside",
    file: "02-taj-mahal-riverside-small.webp",
    alt: "The Taj Mahal and its minarets seen from across the Yamuna river",
    author: "David Castor",
    license: "Public domain",
    source: `${GCOMPRIS}; original: ${commons("File:Taj_Mahal-09.jpg")}`,
  },
  {
    key: "hawa-mahal",
    file: "03-hawa-mahal-jaipur.webp",
    alt: "The pink sandstone façade of the Hawa Mahal in Jaipur with its many small latticed windows",
    author: "Janwiki",
    license: "Public domain",
    source: `${GCOMPRIS}; original: ${commons("File:Hawa_Mahal,_Jaipur,_India.jpg")}`,
  },
  {
    key: "qutub-minar",
    file: "04-qutub-minar-delhi.webp",
    alt: "The Qutub Minar in Delhi framed by a ruined stone archway",
    author: "pramadas",
    license: "CC0-1.0",
    source: `${GCOMPRIS}; original: ${commons("File:Qutubmin.jpg")}`,
  },
  {
    key: "india-gate",
    file: "05-india-gate-delhi-small.webp",
    alt: "India Gate in New Delhi behind green lawns and hedges",
    author: "David Castor",
    license: "Public domain",
    source: `${GCOMPRIS}; original: ${commons("File:India_Gate-5.jpg")}`,
  },
  {
    key: "qutub-minar-complex",
    file: "06-qutub-minar-2-small.webp",
    alt: "The Qutub Minar rising above the ruins and domed gateway of the Qutub complex, Delhi",
    author: "Srikumar Mukherjee",
    license: "Public domain",
    source: `${GCOMPRIS}; original: ${commons("File:KUTUB_MINAR_DELHI_INDIA.jpg")}`,
  },

  // Karnataka and other Indian heritage
  {
    key: "mysore-palace",
    file: "08-mysore-palace.webp",
    alt: "Mysore Palace with its maroon domes and arched façade, seen from the front lawns",
    author: "Shiva sg",
    license: "Public domain",
    source: `${GCOMPRIS}; original: ${commons("File:Mysore_Palace_2006.jpg")}`,
  },
  {
    key: "konark-sun-temple",
    file: "09-konark-carved-temple.webp",
    alt: "Carved stone pillars framing the main shrine of the Konark Sun Temple, Odisha",
    author: "Tetraktys",
    license: "Public domain",
    source: `${GCOMPRIS}; original: ${commons("File:Konark_Sun_Temple_Front_view.jpg")}`,
  },
  {
    key: "ajanta-caves",
    file: "10-ajanta-rock-cut-caves.webp",
    alt: "The rock-cut Ajanta caves along a green horseshoe-shaped gorge in Maharashtra",
    author: "Jonathanawhite",
    license: "Public domain",
    source: `${GCOMPRIS}; original: ${commons("File:Aurangabad_-_Ajanta_Caves_(32).JPG")}`,
  },
  {
    key: "sanchi-stupa",
    file: "11-sanchi-stupa.webp",
    alt: "The Great Stupa at Sanchi with its carved stone gateway, in warm evening light",
    author: "ArnoldBetten",
    license: "Public domain",
    source: `${GCOMPRIS}; original: ${commons("File:Sanchi_Stupa_1_(1999).JPG")}`,
  },

  // Indian wildlife
  {
    key: "bonnet-macaque",
    file: "12-bonnet-macaque-western-ghats.webp",
    alt: "A bonnet macaque in the Anaimalai hills of the Western Ghats",
    author: "PJeganathan",
    license: "CC-BY-SA-4.0",
    source: `${GCOMPRIS}; original: ${commons("File:Bonnet_macaques_in_anaimalai_hills_JEG2730.jpg")}`,
  },
  {
    key: "glassy-tiger-butterfly",
    file: "13-glassy-tiger-butterfly-kerala.webp",
    alt: "A glassy tiger butterfly on a purple flower, photographed in Kerala",
    author: "Jee & Rani Nature Photography",
    license: "CC-BY-SA-4.0",
    source: `${GCOMPRIS}; original: ${commons("File:Parantica_aglea_at_Nayikayam_Thattu.jpg")}`,
  },
  {
    key: "indian-rhinoceros",
    file: "14-indian-rhinoceros.webp",
    alt: "A greater one-horned Indian rhinoceros on a sandy riverbank",
    author: "Charles J. Sharp",
    license: "CC-BY-SA-4.0",
    source: `${GCOMPRIS}; original: ${commons("File:Indian_rhinoceros_(Rhinoceros_unicornis)_4.jpg")}`,
  },
  {
    key: "kingfisher",
    file: "44-kingfisher.webp",
    alt: "A common kingfisher perched on a lichen-covered branch",
    author: "Frank-2.0",
    license: "CC0-1.0",
    source: `${GCOMPRIS}; original: ${commons("File:Eisvogel_kingfisher.jpg")}`,
  },

  // Landscapes (mood photos, not of a named place)
  {
    key: "green-rolling-hills",
    file: "16-green-rolling-hills.jpg",
    alt: "Smooth green rolling hills under a deep blue sky",
    author: "stefonarch / LXQt Project Team",
    license: "CC-BY-SA-3.0",
    source: "Debian package lxqt-themes (usr/share/lxqt/wallpapers/this-is-not-windows.jpg); wallpapers/License",
  },
  {
    key: "meadow-forest-mountain",
    file: "17-meadow-forest-mountain.jpg",
    alt: "A green meadow and autumn-coloured forest below a rocky mountain ridge",
    author: "Aitzol Berasategi",
    license: "CC-BY-4.0",
    source: "Debian package lomiri-wallpapers-16.04 (usr/share/backgrounds/aitzgorri_by_Aitzol_Berasategi.jpg); debian/copyright",
  },
  {
    key: "sun-over-hills",
    file: "32-sunset-over-hills.jpg",
    alt: "A low sun over layered hills, with a stone viewpoint table on a grassy summit",
    author: "Aitzol Berasategi",
    license: "CC-BY-4.0",
    source: "Debian package lomiri-wallpapers-16.04 (usr/share/backgrounds/sunset_by_Aitzol_Berasategi.jpg)",
  },
  {
    key: "forest-stream-cascades",
    file: "33-forest-stream-cascades.jpg",
    alt: "A stream cascading over pale rocks through a green forest",
    author: "Aitzol Berasategi",
    license: "CC-BY-4.0",
    source: "Debian package lomiri-wallpapers-16.04 (usr/share/backgrounds/life_by_Aitzol_Berasategi.jpg)",
  },
  {
    key: "red-hill-lake",
    file: "35-red-hill-lake-reflection.jpg",
    alt: "A red-earth hill covered in green scrub reflected in a calm lake",
    author: "digiKam team (photographer not named)",
    license: "GPL-2+ (package default)",
    source: "Debian package digikam-data (usr/share/digikam/about/images/body-background.jpg)",
  },
  {
    key: "lake-at-dusk",
    file: "36-lake-at-dusk.jpg",
    alt: "A still lake at dusk under a pink and violet sky, with reeds in the foreground",
    author: "Risto Saukonpää",
    license: "GPL-2+ (metadata: LGPLv3)",
    source: "Debian package plasma-workspace-wallpapers (usr/share/wallpapers/summer_1am/contents/images/2560x1600.jpg)",
  },
  {
    key: "forest-path",
    file: "37-forest-path.jpg",
    alt: "A narrow footpath through a dark, mossy conifer forest",
    author: "Risto Saukonpää",
    license: "GPL-2+ (metadata: LGPLv3)",
    source: "Debian package plasma-workspace-wallpapers (usr/share/wallpapers/Path/contents/images/2560x1600.jpg)",
  },

  // Tropical, beach and sea
  {
    key: "frangipani",
    file: "18-frangipani-plumeria.jpg",
    alt: "A white and yellow frangipani blossom with buds among large green leaves",
    author: "Carsten Haitzler and Enlightenment contributors",
    license: "BSD-2-Clause",
    source: "Debian package enlightenment-data (usr/share/enlightenment/data/backgrounds/White-Flower.edj); debian/copyright Files: *",
  },
  {
    key: "bamboo-grove",
    file: "19-bamboo-grove.jpg",
    alt: "Tall bamboo stems and sunlit leaves in a bamboo grove",
    author: "Carsten Haitzler and Enlightenment contributors",
    license: "BSD-2-Clause",
    source: "Debian package enlightenment-data (usr/share/enlightenment/data/backgrounds/Bamboo.edj)",
  },
  {
    key: "beach-dune-grass",
    file: "20-beach-dune-grass-sea.jpg",
    alt: "Golden dune grass in front of a bright blue sea",
    author: "Marco Cogoni (2007)",
    license: "GPL-2+",
    source: "Debian package mate-backgrounds (usr/share/backgrounds/mate/nature/Dune.jpg)",
  },
  {
    key: "ocean-wave",
    file: "21-ocean-wave.jpg",
    alt: "A green wave breaking into white foam on the open sea",
    author: "Tux Paint project",
    license: "GPL-2+",
    source: "Debian package tuxpaint-data (usr/share/tuxpaint/templates/ocean_waves.jpg)",
  },
  {
    key: "dolphin-underwater",
    file: "45-dolphin-underwater.webp",
    alt: "A bottlenose dolphin swimming in sunlit blue water, at Dolphin Reef in Eilat",
    author: "טל שמע (Tal Shema)",
    license: "CC-BY-SA-4.0",
    source: `${GCOMPRIS}; original: ${commons("File:Eilat_Dolphin_Reef_(3).jpg")}`,
  },
  {
    key: "crab-on-rocks",
    file: "46-crab-on-rocks.webp",
    alt: "A red and blue Sally Lightfoot crab on grey volcanic rock",
    author: "Nosferattus",
    license: "CC0-1.0",
    source: `${GCOMPRIS}; original: ${commons("File:Sally_Lightfoot_Crab_2019.jpg")}`,
  },

  // Dubai package stand-ins and city
  {
    key: "city-skyline-sunset",
    file: "24-city-skyline-sunset.jpg",
    alt: "A city skyline silhouetted against a fiery sunset and reflected in still water",
    author: "Riku Leino (template author)",
    license: "Public domain",
    source: "Debian package scribus-template (usr/share/scribus/templates/br2/sunset.jpg)",
  },
  {
    key: "burj-khalifa-construction",
    file: "22-burj-khalifa-construction-small.webp",
    alt: "The Burj Khalifa in Dubai while still under construction, at dusk",
    author: "Rafikas",
    license: "Public domain",
    source: `${GCOMPRIS}; original: ${commons("File:Burj.jpg")}`,
  },
  {
    key: "bactrian-camels",
    file: "23-camels-steppe.webp",
    alt: "A Bactrian camel and her calf walking across the steppe in western Mongolia",
    author: "Alexandr frolov",
    license: "CC-BY-SA-4.0",
    source: `${GCOMPRIS}; original: ${commons("File:Camelus_bactrianus_in_western_Mongolia_02.jpg")}`,
  },

  // South-East Asia
  {
    key: "sea-of-lanterns",
    file: "26-sea-of-lanterns.jpg",
    alt: "Hundreds of glowing orange, red and blue lanterns packed close together",
    author: "Carsten Haitzler and Enlightenment contributors",
    license: "BSD-2-Clause",
    source: "Debian package enlightenment-data (usr/share/enlightenment/data/backgrounds/Sea-of-Lanterns.edj)",
  },
  {
    key: "calf-don-det",
    file: "27-calf-don-det-laos.webp",
    alt: "A young brown calf with large ears on Don Det island in the Mekong, Laos",
    author: "Basile Morin",
    license: "CC-BY-SA-4.0",
    source: `${GCOMPRIS} (erase.rcc, calf.webp)`,
  },
  {
    key: "gibbon",
    file: "28-gibbon-thailand.webp",
    alt: "A white-handed gibbon hanging from a branch in Kaeng Krachan National Park, Thailand",
    author: "JJ Harrison",
    license: "CC-BY-3.0",
    source: `${GCOMPRIS}; original: ${commons("File:Hylobates_lar_-_Kaeng_Krachan_WB.jpg")}`,
  },

  // Food
  {
    key: "espresso",
    file: "39-espresso-coffee.jpg",
    alt: "An espresso in a red cup and saucer on a wooden table",
    author: "Rachel Michetti (Pikolo Espresso Bar)",
    license: "CC0",
    source: "Debian package python3-skimage (skimage/data/coffee.png); skimage.data.coffee docstring",
  },
  {
    key: "citrus-slices",
    file: "40-citrus-fruits.jpg",
    alt: "Backlit slices of oranges, lemons and limes",
    author: "US Department of Agriculture",
    license: "Public domain",
    source: `Debian package palapeli-data (usr/share/palapeli/collection/citrus-fruits.jpg); original: ${commons("File:Citrus_fruits.jpg")}`,
  },
];
