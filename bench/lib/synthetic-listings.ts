import type { SeedListing } from "#app/db/seed/types";
import { catalogue } from "#app/db/seed/catalogue";
import { CATEGORY_IDS, type CategoryId } from "#app/domain/category-ids";

/**
 * Made-up but realistic listings for the 100,000-listing benchmark: titles, locations, years and
 * specifications shaped like the seed catalogue's, so search, every filter and the newest sort
 * select real subsets. Deterministic (seeded random), so every run measures the same catalogue.
 */

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rng = ReturnType<typeof random>;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const thousands = (value: number) => value.toLocaleString("en-US");

const PLACES = [
  "Beverly Hills, CA, United States",
  "Miami, FL, United States",
  "Las Vegas, NV, United States",
  "Aspen, CO, United States",
  "Marbella, Malaga, Spain",
  "Finestrat, Alicante, Spain",
  "Monaco, Monaco",
  "Cannes, Provence, France",
  "Paris, France",
  "London, England, United Kingdom",
  "Geneva, Switzerland",
  "Dubai, United Arab Emirates",
  "Abu Dhabi, United Arab Emirates",
  "Mumbai, Maharashtra, India",
  "Goa, India",
  "Singapore",
  "Tokyo, Japan",
  "Sydney, NSW, Australia",
  "Lake Como, Lombardy, Italy",
  "Porto Cervo, Sardinia, Italy",
  "Antalya, Turkey",
  "Toronto, Ontario, Canada",
  "Cape Town, South Africa",
  "Doha, Qatar",
];

const CARS = [
  ["Ferrari", ["F8 Tributo", "SF90 Stradale", "812 Superfast", "Roma", "296 GTB", "Purosangue", "488 Pista", "F40"]],
  ["Lamborghini", ["Huracán EVO", "Aventador SVJ", "Urus Performante", "Revuelto", "Countach LPI 800-4"]],
  ["Porsche", ["911 Turbo S", "911 GT3 RS", "Taycan Turbo S", "918 Spyder", "Carrera GT"]],
  ["McLaren", ["720S", "Artura", "765LT", "P1", "Senna"]],
  ["Bugatti", ["Chiron", "Veyron Grand Sport", "Divo"]],
  ["Rolls-Royce", ["Cullinan", "Phantom", "Ghost", "Spectre", "Dawn"]],
  ["Bentley", ["Continental GT Speed", "Bentayga", "Flying Spur"]],
  ["Aston Martin", ["DB12", "Vantage", "DBS Superleggera", "Valkyrie"]],
  ["Mercedes-AMG", ["G 63", "SL 63", "GT Black Series", "ONE"]],
  ["Pagani", ["Huayra", "Zonda F", "Utopia"]],
  ["Koenigsegg", ["Jesko", "Regera", "Gemera"]],
] as const;

const YACHT_BUILDERS = [
  "Sunseeker",
  "Azimut",
  "Benetti",
  "Feadship",
  "Princess",
  "Riva",
  "Ferretti",
  "Lürssen",
  "Heesen",
  "Pershing",
  "Sanlorenzo",
  "Hatteras",
];
const YACHT_MODELS = ["Predator", "Grande", "Oasis", "Flybridge", "Sport Yacht", "Explorer", "Motor Yacht", "Superyacht"];
const JETS = [
  ["Gulfstream", ["G650ER", "G550", "G280", "GV", "G700"]],
  ["Bombardier", ["Global 7500", "Global XRS", "Challenger 604", "Challenger 350"]],
  ["Dassault", ["Falcon 8X", "Falcon 7X", "Falcon 2000LXS"]],
  ["Embraer", ["Phenom 300E", "Praetor 600", "Legacy 500"]],
  ["Cessna", ["Citation XLS+", "Citation Longitude", "Citation Latitude"]],
] as const;
const METALS = ["Gold", "Silver", "Copper", "Aluminum", "Platinum", "Palladium"];
const METAL_ORIGINS = ["East Africa", "India", "Dubai, United Arab Emirates", "Ghana", "Peru", "Switzerland", "South Africa", "Australia"];
const PROPERTY_TYPES = ["Villa", "House", "Apartment", "Penthouse"];
const ESTATE_WORDS = ["Modern", "Sea-View", "Contemporary", "Historic", "Hillside", "Waterfront", "Garden", "Skyline"];

const imagesByCategory = new Map<CategoryId, string[]>(
  CATEGORY_IDS.map((category) => [category, catalogue.filter((listing) => listing.category === category).flatMap((listing) => listing.images)]),
);

function imagesFor(rng: Rng, category: CategoryId): string[] {
  const pool = imagesByCategory.get(category) ?? [];
  if (pool.length === 0) return [];
  const start = between(rng, 0, pool.length - 1);
  return Array.from({ length: Math.min(pool.length, between(rng, 1, 8)) }, (_, offset) => pool[(start + offset) % pool.length]!);
}

const DESCRIPTION =
  "A carefully maintained example offered privately through White Streams, with full documentation available to qualified buyers.\n\n" +
  "Viewings, inspections and further particulars can be arranged on request.";

function realEstate(rng: Rng): Omit<SeedListing, "id" | "category" | "images"> {
  const place = pick(rng, PLACES);
  const bedrooms = between(rng, 1, 10);
  const bathrooms = Math.max(1, bedrooms - between(rng, 0, 2));
  const type = pick(rng, PROPERTY_TYPES);
  const area = between(rng, 8, 150) * 100;
  const built = rng() < 0.9 ? String(between(rng, 1900, 2025)) : "Under construction";
  const specifications = [
    { label: "Living Area", value: `${thousands(area)} sqft` },
    { label: "Bedrooms", value: String(bedrooms) },
    { label: "Bathrooms", value: String(bathrooms) },
    ...(rng() < 0.95 ? [{ label: "Property Type", value: type }] : []),
    { label: "Year Built", value: built },
  ];
  return {
    title: `${pick(rng, ESTATE_WORDS)} ${bedrooms}-Bedroom ${type} in ${place.split(",")[0]}`,
    location: place,
    specs: [`${bedrooms} Bedrooms`, `${bathrooms} Bathrooms`, `${thousands(area)} sqft`],
    description: DESCRIPTION,
    specifications,
    features: ["Pool", "Terrace", "Parking", "Air Conditioning"].slice(0, between(rng, 1, 4)),
  };
}

function car(rng: Rng): Omit<SeedListing, "id" | "category" | "images"> {
  const [make, models] = pick(rng, CARS);
  const model = pick(rng, models);
  const year = between(rng, 1985, 2025);
  const miles = between(rng, 0, 60_000);
  const power = between(rng, 400, 1_500);
  return {
    title: `${year} ${make} ${model}`,
    location: pick(rng, PLACES),
    year,
    specs: [`${thousands(miles)} Miles`, pick(rng, ["V8 Engine", "V12 Engine", "W16 Engine", "6 Cylinder", "Electric"]), `${power} HP`],
    description: DESCRIPTION,
    specifications: [
      { label: "Year", value: String(year) },
      { label: "Mileage", value: `${thousands(miles)} mi` },
      { label: "Power", value: `${power} hp` },
      { label: "Transmission", value: pick(rng, ["7-Speed Automatic", "8-Speed Dual-Clutch", "6-Speed Manual"]) },
    ],
    features: ["Carbon Package", "Full Service History"].slice(0, between(rng, 0, 2)),
  };
}

function metal(rng: Rng): Omit<SeedListing, "id" | "category" | "images"> {
  const kind = pick(rng, METALS);
  return {
    title: `${pick(rng, ["Premium", "Investment", "Refined", "Certified"])} ${kind} ${pick(rng, ["Bullion", "Bars", "Cathodes", "Ingots"])}`,
    location: pick(rng, METAL_ORIGINS),
    specs: [`${kind} for Crypto`, pick(rng, ["Premium Quality", "99.99% Purity", "LBMA Grade"]), "Direct Supply"],
    description: DESCRIPTION,
    specifications: [
      { label: "Type", value: kind },
      { label: "Payment", value: "Crypto Accepted" },
    ],
    features: [],
  };
}

function yacht(rng: Rng): Omit<SeedListing, "id" | "category" | "images"> {
  const length = between(rng, 40, 300);
  const year = between(rng, 1990, 2027);
  return {
    title: `${pick(rng, YACHT_BUILDERS)} ${pick(rng, YACHT_MODELS)} ${length}`,
    location: pick(rng, PLACES),
    year,
    specs: [`${length} ft Length`, `${between(rng, 2, 12)} Guest Cabins`, `${between(rng, 12, 40)} Knots Max Speed`],
    description: DESCRIPTION,
    specifications: [
      { label: "Year", value: String(year) },
      { label: "Length", value: `${length} ft` },
    ],
    features: ["Stabilisers", "Jacuzzi", "Tender Garage"].slice(0, between(rng, 0, 3)),
  };
}

function jet(rng: Rng): Omit<SeedListing, "id" | "category" | "images"> {
  const [maker, models] = pick(rng, JETS);
  const year = between(rng, 1990, 2025);
  return {
    title: `${year} ${maker} ${pick(rng, models)}`,
    location: pick(rng, PLACES),
    year,
    specs: [`${thousands(between(rng, 100, 20_000))} TTAF`, `${between(rng, 2, 4)} Crew`, `${thousands(between(rng, 41, 51) * 1000)} ft Max Alt`],
    description: DESCRIPTION,
    specifications: [
      { label: "Year", value: String(year) },
      { label: "Brand", value: maker },
    ],
    features: [],
  };
}

const MAKERS: Record<CategoryId, (rng: Rng) => Omit<SeedListing, "id" | "category" | "images">> = {
  "real-estate": realEstate,
  cars: car,
  metals: metal,
  yachts: yacht,
  jets: jet,
};

/** Listing number `index` (0-based) of the synthetic catalogue; categories take turns. */
export function syntheticListing(index: number): SeedListing {
  const category = CATEGORY_IDS[index % CATEGORY_IDS.length]!;
  const rng = random(index + 1);
  return { id: `bench-${category}-${index}`, category, images: imagesFor(rng, category), ...MAKERS[category](rng) };
}
