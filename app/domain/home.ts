import { CATEGORY_LIST } from "./categories";

const MEDIA = "https://image931.wordpress.com/wp-content/uploads/2025/04";

/** The four slides of the home carousel (spec point 2, Home). */
export const HOME_SLIDES = [
  {
    title: "World's Luxury for Digital Currency",
    subtitle: "Experience seamless transactions with cryptocurrency",
    path: "/about",
    image: `${MEDIA}/copy-of-copy-of-e382b3e38394e383bc-1.png`,
  },
  { title: "Luxury Villa in Nad Al Sheba", subtitle: "Dubai, UAE", path: "/real-estate/nad-al-sheba-villa", image: `${MEDIA}/img_2078.jpg` },
  { title: "2019 Bugatti Chiron", subtitle: "Beverly Hills, CA", path: "/cars/bugatti-chiron-2019", image: `${MEDIA}/img_2514.jpg` },
  { title: "SPITFIRE Luxury Yacht", subtitle: "Antalya, Turkey", path: "/yachts/spitfire", image: `${MEDIA}/img25-1.jpg` },
] as const;

export const CAROUSEL_INTERVAL_MS = 4000;

/** The categories grid: each category's name, page and hero picture (the category table). */
export const CATEGORY_TILES = CATEGORY_LIST.map((category) => ({
  name: category.name,
  path: `/${category.id}`,
  image: category.heroImage,
  theme: category.id,
}));

export const TRENDING = [
  {
    category: "Real Estate",
    title: "Luxury 5 Bedroom Villa in Nad Al Sheba",
    location: "Dubai, UAE",
    path: "/real-estate/nad-al-sheba-villa",
    image: `${MEDIA}/img_2078.jpg`,
    theme: "real-estate",
  },
  {
    category: "Cars",
    title: "2019 Bugatti Chiron",
    location: "Beverly Hills, CA",
    path: "/cars/bugatti-chiron-2019",
    image: `${MEDIA}/img_2514.jpg`,
    theme: "cars",
  },
  { category: "Yachts", title: "SPITFIRE", location: "Antalya, Turkey", path: "/yachts/spitfire", image: `${MEDIA}/img25-1.jpg`, theme: "yachts" },
] as const;

export const PARTNERS = [
  { name: "Bentley Motors", logo: `${MEDIA}/img_2564-1.png` },
  { name: "Rolls-Royce", logo: `${MEDIA}/img_2565-1.png` },
  { name: "Magnolia Yachts", logo: `${MEDIA}/img_2566-1.jpg` },
] as const;

export const LEADERS = [
  { name: "Pranes Suriya Kumar", title: "Founder", bioKey: "leader-founder-bio", photoKey: "leader-founder-photo" },
  { name: "Moeri Iwata", title: "Chief Executive Officer", bioKey: "leader-ceo-bio", photoKey: "leader-ceo-photo" },
] as const;
