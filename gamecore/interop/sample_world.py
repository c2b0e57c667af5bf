"""The bundled sample pack "World 1939", built reproducibly from Natural Earth data.

``python -m gamecore.interop.sample_world OUT.warroom`` (``make sample``) reads
``resources/geodata/`` (Natural Earth 1:110m countries and populated places, public
domain), groups today's countries into the zones of September 1939 (merging countries,
carving pieces out of them by lon/lat boxes and splitting large ones into Voronoi cells
around period cities), adds the small Pacific and Mediterranean islands the data lacks,
and builds the map with :func:`gamecore.interop.geojson.build_map` (Miller projection,
east-west wrap, the ocean split at Gibraltar, the Bosporus, Bab-el-Mandeb, Hormuz and the
Skagerrak into basins and then into numbered sea zones). On top it puts terrain, cities,
facilities, straits and canals, convoy lines and the scenario ``1939`` on the ``g40``
ruleset, plus ``global-war-1936`` on the ``global_war`` ruleset (Global War 1936-1945,
seeds/000). Running it twice gives byte-identical ``dump_json`` output.

All the period knowledge is in the tables below; the code only interprets them.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import Point, box
from shapely.geometry.base import BaseGeometry

from gamecore.errors import GeometryError
from gamecore.geometry.queries import zones_along
from gamecore.interop.geojson import (
    GeoFeature,
    ImportOptions,
    LandPiece,
    build_map,
    read_geojson,
)
from gamecore.interop.projection import MapProjection, fit_projection
from gamecore.model import (
    Alliance,
    Border,
    Facility,
    Line,
    Link,
    Map,
    Nation,
    Ownership,
    Pack,
    Scenario,
    TerrainArea,
    UnitStack,
    border_key,
)

__all__ = ["build_sample", "main"]

PROJECTION = "miller"
BBOX = (-180.0, -58.0, 180.0, 80.0)
WIDTH = 3600.0
SEA_ZONES = 80

# ---------------------------------------------------------------------------------------
# land zones
#
# Each row: code, name, owner, IPC value, source. Sources:
#   "DEU" / "EST LVA LTU"      whole countries (iso_a3; Kosovo is "Kosovo"), minus carvings
#   "@GROUP lon lat"           the Voronoi cell of this seed within GROUP (see GROUPS)
#   "carve ISO,ISO x0 y0 x1 y1; ..."  the part of those countries inside lon/lat boxes
#   "island lon lat"           a small island the 1:110m data does not have
# Rows are grouped by region tag.

LAND: dict[str, list[tuple[str, str, str, int, str]]] = {
    "europe": [
        ("GBR", "United Kingdom", "UK", 8, "GBR"),
        ("IRE", "Ireland", "NEU", 1, "IRL"),
        ("ICE", "Iceland", "NEU", 0, "ISL"),
        ("FRN", "France", "FRA", 8, "@FRA 2.3 48.3"),
        ("SFR", "Southern France", "FRA", 4, "@FRA 3.5 44.3"),
        ("BEL", "Belgium", "NAL", 2, "BEL LUX"),
        ("HOL", "Netherlands", "NAL", 2, "NLD"),
        ("WGE", "Western Germany", "GER", 10, "@DEU 7.8 50.5"),
        ("DEU", "Germany", "GER", 12, "@DEU 12.8 52.5"),
        ("SGE", "Southern Germany", "GER", 4, "@DEU 11.2 48.4"),
        ("AUT", "Austria", "GER", 3, "AUT"),
        ("BOH", "Bohemia-Moravia", "GER", 3, "CZE"),
        ("SVK", "Slovakia", "GER", 1, "SVK"),
        ("EPR", "East Prussia", "GER", 2, "carve RUS,POL 19.0 53.4 23.0 55.5"),
        ("PLD", "Poland", "POL", 4, "POL"),
        (
            "EPL",
            "Eastern Poland",
            "POL",
            2,
            "carve BLR 22.0 51.3 26.8 56.0; carve UKR 22.0 48.4 26.3 51.7",
        ),
        ("DEN", "Denmark", "NEU", 2, "DNK"),
        ("NOR", "Norway", "NEU", 2, "@NOR 9.5 61.0"),
        ("NNO", "Northern Norway", "NEU", 1, "@NOR 18.0 68.5"),
        ("SWE", "Sweden", "NEU", 4, "SWE"),
        ("FIN", "Finland", "NEU", 2, "FIN"),
        ("BAL", "Baltic States", "NEU", 2, "EST LVA LTU"),
        ("SUI", "Switzerland", "NEU", 2, "CHE"),
        ("SPA", "Spain", "NAX", 3, "ESP"),
        ("GIB", "Gibraltar", "UK", 0, "carve ESP -5.8 35.8 -5.0 36.6"),
        ("POR", "Portugal", "NEU", 1, "PRT"),
        ("NIT", "Northern Italy", "ITA", 6, "@ITA 9.8 45.2"),
        ("ITL", "Italy", "ITA", 5, "@ITA 13.5 41.2"),
        ("ALB", "Albania", "ITA", 1, "ALB"),
        ("YUG", "Yugoslavia", "NAL", 3, "SVN HRV BIH SRB MNE MKD Kosovo"),
        ("GRE", "Greece", "NAL", 2, "GRC"),
        ("BUL", "Bulgaria", "NAX", 1, "BGR"),
        ("RUM", "Romania", "NEU", 3, "ROU MDA"),
        ("HUN", "Hungary", "NAX", 2, "HUN"),
        ("TUR", "Turkey", "NEU", 3, "TUR"),
        ("CYP", "Cyprus", "UK", 0, "CYP CYN"),
        ("MLT", "Malta", "UK", 0, "island 14.4 35.9"),
    ],
    "ussr": [
        ("KAR", "Karelia", "SOV", 1, "@SU 33.0 64.0"),
        ("LEN", "Leningrad", "SOV", 3, "@SU 30.5 58.8"),
        ("ARK", "Archangel", "SOV", 1, "@SU 43.0 64.5"),
        ("MOS", "Moscow", "SOV", 8, "@SU 37.6 55.7"),
        ("BYE", "Belorussia", "SOV", 2, "@SU 28.8 53.5"),
        ("UKR", "Ukraine", "SOV", 4, "@SU 30.8 49.6"),
        ("EUK", "Eastern Ukraine", "SOV", 3, "@SU 37.0 48.3"),
        ("STA", "Stalingrad", "SOV", 2, "@SU 44.5 48.7"),
        ("CAU", "Caucasus", "SOV", 4, "@SU 45.0 42.5"),
        ("VOL", "Volga", "SOV", 2, "@SU 49.0 55.5"),
        ("URA", "Urals", "SOV", 3, "@SU 60.6 57.0"),
        ("KZH", "Kazakhstan", "SOV", 1, "@SU 68.0 48.0"),
        ("TKS", "Turkestan", "SOV", 1, "@SU 65.0 40.3"),
        ("WSI", "West Siberia", "SOV", 1, "@SU 73.0 64.0"),
        ("NSK", "Novosibirsk", "SOV", 2, "@SU 82.9 55.0"),
        ("KRA", "Krasnoyarsk", "SOV", 1, "@SU 95.0 60.0"),
        ("IRK", "Irkutsk", "SOV", 1, "@SU 104.0 54.0"),
        ("YAK", "Yakutsk", "SOV", 1, "@SU 125.0 65.0"),
        ("BUR", "Buryatia", "SOV", 1, "@SU 114.0 52.0"),
        ("AMU", "Amur", "SOV", 1, "@SU 133.0 50.5"),
        ("VLA", "Vladivostok", "SOV", 2, "@SU 133.5 45.0"),
        ("MAG", "Magadan", "SOV", 0, "@SU 152.0 61.0"),
        ("CHU", "Chukotka", "SOV", 0, "@SU 172.0 66.0"),
        ("MON", "Mongolia", "SOV", 0, "MNG"),
        ("KAF", "Karafuto", "JPN", 1, "carve RUS 141.0 45.8 145.0 50.0"),
    ],
    "middle_east": [
        ("PRS", "Persia", "NEU", 2, "IRN"),
        ("IRQ", "Iraq", "NAL", 2, "IRQ KWT"),
        ("SYR", "Syria", "FRA", 1, "SYR LBN"),
        ("PAL", "Palestine", "UK", 1, "ISR PSE JOR"),
        ("SAU", "Saudi Arabia", "NEU", 1, "SAU"),
        ("OMN", "Oman", "UK", 0, "OMN ARE QAT"),
        ("YEM", "Yemen", "NEU", 0, "YEM"),
        ("ADN", "Aden", "UK", 1, "carve YEM 44.0 12.4 53.2 15.0"),
        ("AFG", "Afghanistan", "NEU", 1, "AFG"),
    ],
    "asia": [
        ("NWI", "Northwest India", "UK", 2, "@IND 70.5 29.0"),
        ("IND", "India", "UK", 5, "@IND 78.5 21.0"),
        ("BEN", "Bengal", "UK", 3, "@IND 89.0 23.5"),
        ("NEP", "Nepal", "NEU", 0, "NPL BTN"),
        ("CEY", "Ceylon", "UK", 1, "LKA"),
        ("BRM", "Burma", "UK", 1, "MMR"),
        ("SIA", "Siam", "NAX", 1, "THA"),
        ("FIC", "French Indo-China", "FRA", 2, "VNM LAO KHM"),
        ("MAL", "Malaya", "UK", 2, "carve MYS 98.0 0.0 106.0 8.0"),
        ("BBO", "British Borneo", "UK", 1, "carve MYS 108.0 0.0 120.0 8.0; BRN"),
        ("SUM", "Sumatra", "NAL", 2, "@IDN 101.0 0.0"),
        ("JAV", "Java", "NAL", 2, "@IDN 110.0 -7.5"),
        ("BOR", "Borneo", "NAL", 1, "@IDN 114.0 -0.5"),
        ("CEL", "Celebes", "NAL", 1, "@IDN 121.0 -2.0"),
        ("DNG", "Dutch New Guinea", "NAL", 0, "@IDN 138.0 -4.0"),
        ("PHI", "Philippines", "USA", 2, "PHL"),
        ("FOR", "Formosa", "JPN", 1, "TWN"),
        ("JAP", "Japan", "JPN", 10, "@JPN 139.5 36.5"),
        ("WJA", "Western Japan", "JPN", 5, "@JPN 132.5 34.0"),
        ("KOR", "Korea", "JPN", 3, "PRK KOR"),
        ("MAN", "Manchuria", "JPN", 3, "@CHN 126.0 45.0"),
        ("HOP", "Hopei", "JPN", 2, "@CHN 116.0 38.5"),
        ("SUY", "Suiyuan", "JPN", 1, "@CHN 111.0 42.0"),
        ("KIA", "Kiangsu", "JPN", 3, "@CHN 119.5 31.5"),
        ("KWA", "Kwangtung", "UK", 2, "@CHN 113.0 23.5"),
        ("HNN", "Hunan", "CHN", 2, "@CHN 112.0 27.5"),
        ("SZE", "Szechwan", "CHN", 3, "@CHN 105.0 30.0"),
        ("YUN", "Yunnan", "CHN", 1, "@CHN 101.5 24.5"),
        ("SHE", "Shensi", "CHN", 1, "@CHN 108.5 35.5"),
        ("KAN", "Kansu", "CHN", 1, "@CHN 100.0 38.5"),
        ("SIK", "Sinkiang", "CHN", 0, "@CHN 84.0 41.0"),
        ("TIB", "Tibet", "NEU", 0, "@CHN 88.0 31.5"),
        ("OKI", "Okinawa", "JPN", 0, "island 127.8 26.4"),
    ],
    "africa": [
        ("EGY", "Egypt", "UK", 3, "EGY"),
        ("LIB", "Libya", "ITA", 1, "@LBY 14.0 29.5"),
        ("CYR", "Cyrenaica", "ITA", 1, "@LBY 22.0 29.0"),
        ("TUN", "Tunisia", "FRA", 1, "TUN"),
        ("ALG", "Algeria", "FRA", 2, "@DZA 3.0 34.5"),
        ("SAH", "Algerian Sahara", "FRA", 0, "@DZA 3.0 25.0"),
        ("MOR", "Morocco", "FRA", 1, "MAR"),
        ("RDO", "Rio de Oro", "NAX", 0, "ESH"),
        ("MAU", "Mauritania", "FRA", 0, "@FWA -10.5 19.5"),
        ("FWA", "French West Africa", "FRA", 1, "@FWA -9.0 11.0"),
        ("FSU", "French Sudan", "FRA", 0, "@FWA 3.0 16.0"),
        ("GOC", "Gold Coast", "UK", 1, "GHA"),
        ("NGA", "Nigeria", "UK", 2, "NGA"),
        ("SLE", "Sierra Leone", "UK", 0, "SLE"),
        ("LBR", "Liberia", "NEU", 0, "LBR"),
        ("CHA", "Chad", "FRA", 0, "TCD"),
        ("FEA", "French Equatorial Africa", "FRA", 1, "CAF COG GAB GNQ"),
        ("CMR", "Cameroon", "FRA", 1, "CMR"),
        ("SUD", "Anglo-Egyptian Sudan", "UK", 1, "SDN SSD"),
        ("ETH", "Ethiopia", "ITA", 1, "ETH ERI"),
        ("ISO", "Italian Somaliland", "ITA", 0, "SOM"),
        ("FSO", "French Somaliland", "FRA", 0, "DJI"),
        ("BSO", "British Somaliland", "UK", 0, "SOL"),
        ("KEN", "Kenya", "UK", 1, "KEN UGA"),
        ("TAN", "Tanganyika", "UK", 1, "TZA"),
        ("NRH", "Northern Rhodesia", "UK", 1, "ZMB MWI"),
        ("SRH", "Southern Rhodesia", "UK", 1, "ZWE"),
        ("MOZ", "Mozambique", "NEU", 0, "MOZ"),
        ("ANG", "Angola", "NEU", 0, "AGO"),
        ("CON", "Belgian Congo", "NAL", 2, "COD BDI RWA"),
        ("SWA", "South West Africa", "UK", 0, "NAM"),
        ("BEC", "Bechuanaland", "UK", 0, "BWA"),
        ("SAF", "Union of South Africa", "UK", 3, "ZAF LSO SWZ"),
        ("MAD", "Madagascar", "FRA", 1, "MDG"),
    ],
    "north_america": [
        ("EUS", "Eastern United States", "USA", 12, "@USA -76.5 40.5"),
        ("CUS", "Central United States", "USA", 10, "@USA -90.0 41.0"),
        ("SUS", "Southern United States", "USA", 6, "@USA -88.0 32.0"),
        ("WUS", "Western United States", "USA", 8, "@USA -119.0 40.0"),
        ("ALA", "Alaska", "USA", 1, "@USA -152.0 63.0"),
        ("HAW", "Hawaiian Islands", "USA", 1, "@USA -157.0 20.5"),
        ("ECA", "Eastern Canada", "UK", 3, "@CAN -72.0 48.5"),
        ("ONT", "Ontario", "UK", 2, "@CAN -85.0 50.0"),
        ("WCA", "Western Canada", "UK", 2, "@CAN -112.0 54.0"),
        ("NWT", "Northwest Territories", "UK", 0, "@CAN -110.0 67.0"),
        ("NFL", "Newfoundland", "UK", 1, "@CAN -58.0 51.5"),
        ("GRL", "Greenland", "NEU", 0, "GRL"),
        ("MEX", "Mexico", "NEU", 2, "MEX"),
        ("CAM", "Central America", "NEU", 1, "GTM BLZ HND SLV NIC CRI"),
        ("PAN", "Panama", "USA", 1, "PAN"),
        ("CUB", "Cuba", "NEU", 1, "CUB"),
        ("HIS", "Hispaniola", "NEU", 0, "HTI DOM"),
        ("JAM", "Jamaica", "UK", 0, "JAM"),
        ("PRI", "Puerto Rico", "USA", 0, "PRI"),
        ("MID", "Midway", "USA", 0, "island -177.37 28.21"),
        ("WAK", "Wake Island", "USA", 0, "island 166.63 19.29"),
        ("GUA", "Guam", "USA", 0, "island 144.79 13.44"),
    ],
    "south_america": [
        ("COL", "Colombia", "NEU", 1, "COL"),
        ("VEN", "Venezuela", "NEU", 2, "VEN TTO"),
        ("ECU", "Ecuador", "NEU", 0, "ECU"),
        ("PER", "Peru", "NEU", 1, "PER"),
        ("BOL", "Bolivia", "NEU", 0, "BOL"),
        ("CHI", "Chile", "NEU", 1, "CHL"),
        ("ARG", "Argentina", "NEU", 2, "ARG"),
        ("URU", "Uruguay", "NEU", 0, "URY"),
        ("PAR", "Paraguay", "NEU", 0, "PRY"),
        ("SEB", "Southeastern Brazil", "NAL", 2, "@BRA -45.0 -21.0"),
        ("NEB", "Northeastern Brazil", "NAL", 1, "@BRA -40.0 -8.0"),
        ("AMZ", "Amazonas", "NAL", 0, "@BRA -62.0 -5.0"),
        ("SBR", "Southern Brazil", "NAL", 1, "@BRA -53.0 -26.0"),
        ("BGU", "British Guiana", "UK", 0, "GUY"),
        ("DGU", "Dutch Guiana", "NAL", 0, "SUR"),
        ("GUF", "French Guiana", "FRA", 0, "@FRA -53.0 4.0"),
        ("FLK", "Falkland Islands", "UK", 0, "FLK"),
    ],
    "oceania": [
        ("NSW", "New South Wales", "UK", 3, "@AUS 147.5 -33.0"),
        ("QLD", "Queensland", "UK", 1, "@AUS 145.0 -21.0"),
        ("NTE", "Northern Territory", "UK", 0, "@AUS 133.0 -18.0"),
        ("WAU", "Western Australia", "UK", 1, "@AUS 121.0 -26.0"),
        ("SAS", "South Australia", "UK", 1, "@AUS 136.0 -30.0"),
        ("NZL", "New Zealand", "UK", 2, "NZL"),
        ("NGU", "New Guinea", "UK", 1, "PNG"),
        ("SOL", "Solomon Islands", "UK", 0, "SLB"),
        ("NCA", "New Caledonia", "FRA", 0, "NCL"),
        ("FIJ", "Fiji", "UK", 0, "FJI"),
        ("MAR", "Mariana Islands", "JPN", 0, "island 145.75 15.18"),
        ("CAR", "Caroline Islands", "JPN", 0, "island 151.85 7.42"),
        ("MSH", "Marshall Islands", "JPN", 0, "island 167.73 9.19"),
        ("GIL", "Gilbert Islands", "UK", 0, "island 172.98 1.42"),
    ],
}

#: countries split into Voronoi cells (the seeds are the "@GROUP" rows)
GROUPS: dict[str, str] = {
    "FRA": "FRA",
    "DEU": "DEU",
    "NOR": "NOR",
    "ITA": "ITA",
    "SU": "RUS BLR UKR GEO ARM AZE KAZ UZB TKM KGZ TJK",
    "IND": "IND PAK BGD",
    "IDN": "IDN TLS",
    "JPN": "JPN",
    "CHN": "CHN",
    "LBY": "LBY",
    "DZA": "DZA",
    "FWA": "MRT MLI SEN GIN CIV BFA NER BEN TGO GMB GNB",
    "USA": "USA",
    "CAN": "CAN",
    "BRA": "BRA",
    "AUS": "AUS",
}

#: countries left out on purpose (everything else must be used by some zone)
DROPPED = ("ATA", "ATF", "VUT", "BHS")
#: radius of the islands added by hand, in map units
ISLAND_RADIUS = 5.0
#: how far apart unit-stack slots are (map property ``slot_radius``), in map units
SLOT_RADIUS = 8.0

# ---------------------------------------------------------------------------------------
# cities: name, lon, lat, zone code, what is there
#   C capital   V victory city   M major industrial complex   m minor industrial complex
#   N naval base (port; serves the nearest sea zones)   A air base
# Coordinates are the cities' (rounded), from the populated places file where it has them.

CITIES: list[tuple[str, float, float, str, str]] = [
    # Germany and occupied
    ("Berlin", 13.40, 52.52, "DEU", "C V M A"),
    ("Hamburg", 10.00, 53.55, "DEU", "N"),
    ("Essen", 7.01, 51.46, "WGE", "M"),
    ("Wilhelmshaven", 8.12, 53.53, "WGE", "N"),
    ("Munich", 11.58, 48.14, "SGE", "m A"),
    ("Vienna", 16.37, 48.21, "AUT", "V"),
    ("Prague", 14.42, 50.09, "BOH", "m"),
    ("Königsberg", 20.51, 54.71, "EPR", "N"),
    # Poland
    ("Warsaw", 21.01, 52.23, "PLD", "C V"),
    ("Gdynia", 18.53, 54.52, "PLD", "N"),
    # United Kingdom and Empire
    ("London", -0.13, 51.51, "GBR", "C V M A"),
    ("Liverpool", -2.98, 53.41, "GBR", "N"),
    ("Scapa Flow", -3.10, 58.90, "GBR", "N"),
    ("Gibraltar", -5.35, 36.14, "GIB", "N A"),
    ("Valletta", 14.51, 35.90, "MLT", "N A"),
    ("Alexandria", 29.92, 31.20, "EGY", "N"),
    ("Cairo", 31.24, 30.04, "EGY", "V m A"),
    ("Haifa", 34.99, 32.79, "PAL", "N"),
    ("Aden", 45.03, 12.80, "ADN", "N"),
    ("Karachi", 67.01, 24.86, "NWI", "N"),
    ("New Delhi", 77.21, 28.61, "IND", "V"),
    ("Bombay", 72.88, 19.08, "IND", "M N"),
    ("Calcutta", 88.36, 22.57, "BEN", "V m N"),
    ("Colombo", 79.86, 6.93, "CEY", "N"),
    ("Rangoon", 96.16, 16.80, "BRM", "N"),
    ("Singapore", 103.82, 1.35, "MAL", "V N A"),
    ("Hong Kong", 114.17, 22.30, "KWA", "V N"),
    ("Ottawa", -75.70, 45.42, "ECA", "V m"),
    ("Halifax", -63.57, 44.65, "ECA", "N"),
    ("Vancouver", -123.12, 49.28, "WCA", "N"),
    ("St. John's", -52.71, 47.56, "NFL", "N A"),
    ("Kingston", -76.79, 17.99, "JAM", "N"),
    ("Sydney", 151.21, -33.87, "NSW", "V m N"),
    ("Melbourne", 144.96, -37.81, "NSW", "A"),
    ("Brisbane", 153.03, -27.47, "QLD", "N"),
    ("Darwin", 130.84, -12.46, "NTE", "N"),
    ("Perth", 115.86, -31.95, "WAU", "N"),
    ("Wellington", 174.78, -41.29, "NZL", "N"),
    ("Port Moresby", 147.18, -9.44, "NGU", "N"),
    ("Cape Town", 18.42, -33.92, "SAF", "N"),
    ("Johannesburg", 28.05, -26.20, "SAF", "m"),
    ("Mombasa", 39.67, -4.05, "KEN", "N"),
    ("Lagos", 3.39, 6.45, "NGA", "N"),
    ("Freetown", -13.23, 8.48, "SLE", "N"),
    # France and Empire
    ("Paris", 2.35, 48.86, "FRN", "C V M A"),
    ("Brest", -4.49, 48.39, "FRN", "N"),
    ("Marseille", 5.37, 43.30, "SFR", "m N"),
    ("Algiers", 3.06, 36.75, "ALG", "N"),
    ("Casablanca", -7.59, 33.57, "MOR", "N"),
    ("Bizerte", 9.87, 37.27, "TUN", "N"),
    ("Dakar", -17.44, 14.69, "FWA", "N"),
    ("Beirut", 35.50, 33.89, "SYR", "N"),
    ("Saigon", 106.70, 10.78, "FIC", "N"),
    ("Djibouti", 43.15, 11.59, "FSO", "N"),
    ("Diego Suarez", 49.29, -12.28, "MAD", "N"),
    ("Nouméa", 166.45, -22.26, "NCA", "N"),
    # Italy and Empire
    ("Rome", 12.50, 41.90, "ITL", "C V M A"),
    ("Milan", 9.19, 45.46, "NIT", "m"),
    ("Genoa", 8.93, 44.41, "NIT", "N"),
    ("Taranto", 17.24, 40.47, "ITL", "N"),
    ("Tripoli", 13.19, 32.89, "LIB", "N"),
    ("Tobruk", 23.96, 32.08, "CYR", "N"),
    ("Massawa", 39.45, 15.61, "ETH", "N"),
    ("Mogadishu", 45.34, 2.04, "ISO", "N"),
    # Soviet Union
    ("Moscow", 37.62, 55.75, "MOS", "C V M A"),
    ("Leningrad", 30.31, 59.94, "LEN", "V m N"),
    ("Murmansk", 33.08, 68.97, "KAR", "N"),
    ("Archangel", 40.54, 64.54, "ARK", "N"),
    ("Kiev", 30.52, 50.45, "UKR", "V"),
    ("Odessa", 30.73, 46.48, "UKR", "N"),
    ("Kharkov", 36.23, 49.99, "EUK", "m"),
    ("Sevastopol", 33.52, 44.60, "EUK", "N"),
    ("Stalingrad", 44.52, 48.71, "STA", "V m"),
    ("Baku", 49.87, 40.41, "CAU", "A"),
    ("Gorky", 44.00, 56.33, "VOL", "m"),
    ("Sverdlovsk", 60.60, 56.84, "URA", "m"),
    ("Novosibirsk", 82.92, 55.03, "NSK", "m"),
    ("Vladivostok", 131.89, 43.12, "VLA", "N"),
    # Japan and Empire
    ("Tokyo", 139.69, 35.69, "JAP", "C V M A"),
    ("Yokosuka", 139.67, 35.28, "JAP", "N"),
    ("Osaka", 135.50, 34.69, "WJA", "M"),
    ("Kure", 132.57, 34.25, "WJA", "N"),
    ("Seoul", 126.98, 37.57, "KOR", "m"),
    ("Pusan", 129.08, 35.18, "KOR", "N"),
    ("Mukden", 123.43, 41.80, "MAN", "m"),
    ("Peking", 116.41, 39.90, "HOP", "V"),
    ("Shanghai", 121.47, 31.23, "KIA", "V N"),
    ("Nanking", 118.78, 32.06, "KIA", "V"),
    ("Taipei", 121.56, 25.03, "FOR", "N A"),
    ("Naha", 127.68, 26.21, "OKI", "A"),
    ("Saipan", 145.75, 15.18, "MAR", "A"),
    ("Truk", 151.85, 7.42, "CAR", "N A"),
    ("Kwajalein", 167.73, 9.19, "MSH", "A"),
    # China
    ("Chungking", 106.55, 29.56, "SZE", "C V"),
    ("Changsha", 112.94, 28.23, "HNN", ""),
    ("Kunming", 102.83, 24.88, "YUN", ""),
    # United States
    ("Washington", -77.04, 38.91, "EUS", "C V M A"),
    ("New York", -74.01, 40.71, "EUS", "N"),
    ("Norfolk", -76.29, 36.85, "EUS", "N"),
    ("Chicago", -87.63, 41.88, "CUS", "M"),
    ("Detroit", -83.05, 42.33, "CUS", "m"),
    ("New Orleans", -90.07, 29.95, "SUS", "N"),
    ("San Francisco", -122.42, 37.77, "WUS", "V M N A"),
    ("San Diego", -117.16, 32.72, "WUS", "N"),
    ("Seattle", -122.33, 47.61, "WUS", "N"),
    ("Honolulu", -157.86, 21.31, "HAW", "V N A"),
    ("Anchorage", -149.90, 61.22, "ALA", "A"),
    ("Manila", 120.98, 14.60, "PHI", "V N A"),
    ("Panama City", -79.52, 8.98, "PAN", "N A"),
    ("Guam", 144.79, 13.44, "GUA", "N"),
    ("Midway", -177.37, 28.21, "MID", "A"),
    ("Wake", 166.63, 19.29, "WAK", "A"),
    # neutrals and minors
    ("Amsterdam", 4.90, 52.37, "HOL", "N"),
    ("Brussels", 4.35, 50.85, "BEL", ""),
    ("Copenhagen", 12.57, 55.68, "DEN", "N"),
    ("Oslo", 10.75, 59.91, "NOR", "N"),
    ("Narvik", 17.43, 68.44, "NNO", "N"),
    ("Stockholm", 18.07, 59.33, "SWE", "N"),
    ("Helsinki", 24.94, 60.17, "FIN", "N"),
    ("Riga", 24.11, 56.95, "BAL", "N"),
    ("Madrid", -3.70, 40.42, "SPA", ""),
    ("Lisbon", -9.14, 38.72, "POR", "N"),
    ("Istanbul", 28.98, 41.01, "TUR", "N"),
    ("Ankara", 32.85, 39.93, "TUR", ""),
    ("Athens", 23.73, 37.98, "GRE", "N"),
    ("Belgrade", 20.46, 44.79, "YUG", ""),
    ("Bucharest", 26.10, 44.43, "RUM", ""),
    ("Budapest", 19.04, 47.50, "HUN", ""),
    ("Sofia", 23.32, 42.70, "BUL", ""),
    ("Tehran", 51.39, 35.69, "PRS", ""),
    ("Baghdad", 44.37, 33.31, "IRQ", ""),
    ("Batavia", 106.85, -6.21, "JAV", "N"),
    ("Palembang", 104.75, -2.98, "SUM", ""),
    ("Reykjavík", -21.94, 64.15, "ICE", "N"),
    ("Rio de Janeiro", -43.21, -22.91, "SEB", "N"),
    ("Buenos Aires", -58.38, -34.60, "ARG", "N"),
    ("Mexico City", -99.13, 19.43, "MEX", ""),
    ("Havana", -82.37, 23.11, "CUB", "N"),
]

# ---------------------------------------------------------------------------------------
# seas: the ocean is cut at these straits (lon/lat polylines from shore to shore) into
# basins; BASINS fixes how many sea zones the basin holding a point gets.

CUTS: list[tuple[str, list[tuple[float, float]]]] = [
    ("Gibraltar", [(-5.75, 35.3), (-5.75, 36.6)]),
    ("Bosporus", [(28.6, 41.35), (29.5, 40.95)]),
    ("Bab-el-Mandeb", [(43.7, 12.8), (42.6, 12.9)]),
    ("Hormuz", [(56.0, 25.6), (56.6, 27.6)]),
    ("Skagerrak", [(9.9, 57.2), (11.8, 58.6)]),
]
BASINS: list[tuple[str, float, float, int]] = [
    ("mediterranean", 18.0, 35.0, 6),
    ("black_sea", 34.0, 43.5, 1),
    ("red_sea", 38.0, 20.0, 1),
    ("persian_gulf", 51.0, 27.0, 1),
    ("baltic", 19.0, 57.0, 2),
]

#: sea zones are named after the first of these points they hold, else "Sea Zone N"
NAMED_SEAS: list[tuple[str, float, float]] = [
    ("North Sea", 3.0, 56.0),
    ("English Channel", -2.0, 50.0),
    ("Baltic Sea", 18.0, 56.0),
    ("Gulf of Bothnia", 20.5, 62.5),
    ("Norwegian Sea", 5.0, 67.0),
    ("Barents Sea", 40.0, 72.0),
    ("Kara Sea", 70.0, 75.0),
    ("Laptev Sea", 125.0, 76.0),
    ("East Siberian Sea", 160.0, 73.0),
    ("Bay of Biscay", -5.0, 45.5),
    ("Western Approaches", -13.0, 50.0),
    ("Denmark Strait", -28.0, 66.0),
    ("North Atlantic", -35.0, 50.0),
    ("Labrador Sea", -55.0, 58.0),
    ("Hudson Bay", -85.0, 60.0),
    ("Western Mediterranean", 5.0, 39.0),
    ("Tyrrhenian Sea", 12.0, 39.5),
    ("Ionian Sea", 19.0, 36.5),
    ("Aegean Sea", 25.0, 38.5),
    ("Eastern Mediterranean", 30.0, 33.0),
    ("Black Sea", 34.0, 43.5),
    ("Red Sea", 38.0, 20.0),
    ("Persian Gulf", 51.0, 27.0),
    ("Arabian Sea", 63.0, 15.0),
    ("Bay of Bengal", 88.0, 15.0),
    ("Andaman Sea", 96.0, 10.0),
    ("South China Sea", 114.0, 14.0),
    ("Java Sea", 111.0, -5.0),
    ("Banda Sea", 127.0, -6.0),
    ("Coral Sea", 155.0, -17.0),
    ("Tasman Sea", 160.0, -38.0),
    ("Philippine Sea", 132.0, 18.0),
    ("East China Sea", 126.0, 30.0),
    ("Sea of Japan", 135.0, 40.0),
    ("Sea of Okhotsk", 148.0, 53.0),
    ("Bering Sea", 178.0, 58.0),
    ("Gulf of Alaska", -145.0, 56.0),
    ("Caribbean Sea", -75.0, 15.0),
    ("Gulf of Mexico", -90.0, 25.0),
    ("Sargasso Sea", -60.0, 30.0),
    ("Gulf of Guinea", 3.0, 2.0),
    ("Mozambique Channel", 41.0, -18.0),
    ("Great Australian Bight", 130.0, -36.0),
    ("Caspian Sea", 50.5, 42.0),
    ("Gulf of Sidra", 17.7, 33.4),
    ("Chukchi Sea", -170.0, 74.6),
    ("Beaufort Sea", -146.5, 75.4),
    ("Arctic Ocean", -129.8, 76.8),
    ("Queen Elizabeth Islands", -104.8, 77.1),
    ("Greenland Sea", -11.1, 71.6),
    ("Northern Kara Sea", 77.8, 76.8),
    ("Pacific Northwest", -138.0, 47.7),
    ("North Pacific", -168.7, 35.6),
    ("Eastern Pacific", -145.3, 32.8),
    ("Johnston Atoll", -170.7, 16.5),
    ("Line Islands", -146.9, 13.2),
    ("Equatorial Pacific", -151.4, -5.9),
    ("Eastern Equatorial Pacific", -124.8, -3.8),
    ("Revillagigedo Islands", -120.8, 18.8),
    ("Galápagos Islands", -96.0, -3.4),
    ("Samoa", -170.0, -13.1),
    ("Kermadec Islands", -170.9, -31.6),
    ("Tuamotu Archipelago", -139.2, -20.3),
    ("South Pacific", -152.1, -35.3),
    ("Pitcairn Islands", -126.6, -32.5),
    ("Easter Island", -106.3, -27.2),
    ("Humboldt Current", -83.3, -31.6),
    ("South Pacific Basin", -162.8, -51.0),
    ("Southern Pacific", -140.5, -49.7),
    ("Bellingshausen Approaches", -118.8, -48.3),
    ("Southeast Pacific", -98.4, -50.5),
    ("Cape Horn", -81.9, -53.0),
    ("Azores", -37.9, 39.4),
    ("Canary Islands", -17.4, 35.4),
    ("Cape Verde", -30.4, 14.9),
    ("Ascension Island", -24.8, -7.8),
    ("South Atlantic", -25.9, -29.5),
    ("Walvis Ridge", 1.3, -26.0),
    ("Argentine Basin", -47.5, -45.1),
    ("South Georgia", -24.9, -50.7),
    ("Tristan da Cunha", -8.4, -41.0),
    ("Bouvet Island", 4.5, -52.1),
    ("Cape Basin", 11.8, -39.4),
    ("Central Indian Ocean", 83.1, -6.8),
    ("Mascarene Islands", 61.1, -25.8),
    ("South Indian Ocean", 82.6, -32.0),
    ("Eastern Indian Ocean", 103.0, -22.5),
    ("Agulhas Current", 36.0, -38.3),
    ("Crozet Islands", 42.3, -52.0),
    ("Southwest Indian Ocean", 57.4, -43.0),
    ("Kerguelen Islands", 75.8, -50.1),
    ("Southern Indian Ocean", 97.2, -50.8),
    ("Southwest Australian Waters", 115.7, -44.5),
]

# ---------------------------------------------------------------------------------------
# links and lines

#: canals: name, sea point a, sea point b, controlling zone codes
CANALS: list[tuple[str, tuple[float, float], tuple[float, float], list[str]]] = [
    ("Suez Canal", (32.4, 31.7), (34.0, 27.0), ["EGY"]),
    ("Panama Canal", (-79.6, 9.8), (-79.3, 8.0), ["PAN"]),
    ("Dardanelles", (25.5, 39.8), (31.0, 42.5), ["TUR"]),
    ("Danish Straits", (11.3, 56.8), (8.5, 57.8), ["DEN"]),
]
#: straits (land-land across water): name, zone a, zone b, the sea point whose enemy
#: fleet blocks the crossing
STRAITS: list[tuple[str, str, str, tuple[float, float]]] = [
    ("Strait of Gibraltar", "GIB", "MOR", (-5.4, 35.95)),
    ("Øresund", "DEN", "SWE", (11.3, 56.8)),
]
#: convoy lines: name, receiving nation, IPCs, start zone, end zone, lon/lat waypoints
CONVOYS: list[tuple[str, str, int, str, str, list[tuple[float, float]]]] = [
    (
        "North Atlantic convoy",
        "UK",
        4,
        "EUS",
        "GBR",
        [(-73.0, 40.0), (-60.0, 42.5), (-40.0, 49.0), (-20.0, 54.0), (-8.0, 54.6)],
    ),
    (
        "Murmansk convoy",
        "SOV",
        2,
        "GBR",
        "KAR",
        [(-2.0, 60.0), (5.0, 66.0), (20.0, 72.0), (33.5, 69.8)],
    ),
    (
        "Cape route",
        "UK",
        3,
        "IND",
        "GBR",
        [
            (71.0, 18.0),
            (62.0, 5.0),
            (50.0, -15.0),
            (35.0, -34.0),
            (18.0, -36.0),
            (0.0, -15.0),
            (-20.0, 10.0),
            (-18.0, 35.0),
            (-10.0, 48.0),
            (-6.0, 50.5),
        ],
    ),
    (
        "Mediterranean convoy",
        "UK",
        2,
        "GIB",
        "EGY",
        [(-5.0, 36.2), (5.0, 37.6), (11.5, 37.8), (14.0, 35.4), (25.0, 33.6), (29.6, 31.5)],
    ),
    (
        "Southern resources convoy",
        "JPN",
        3,
        "JAV",
        "WJA",
        [
            (106.8, -5.5),
            (108.0, -2.5),
            (107.5, 2.0),
            (110.5, 8.0),
            (116.0, 18.0),
            (122.5, 26.5),
            (130.0, 31.0),
        ],
    ),
]

# ---------------------------------------------------------------------------------------
# Global War map data (seeds/000 §1.5-§1.24): roundels, terrain areas, rail lines,
# rivers, narrow crossings, convoy lines with per-nation values, facilities. The 1939
# g40 scenario ignores what it does not know: g40 has no terrain, border or rail effects,
# and the convoy lines and facilities below are scoped to the 1936 scenario
# (``props["scenarios"]``, see gamecore.model.map.in_scenario).

#: roundel points (§1.7: a zone's terrain is the terrain its roundel lies in) where the
#: zone's first capital / victory / listed city is not the right place, or the zone has
#: no city: lon, lat of a town or a representative place. Other zones: the first city
#: listed (capital first), else the label point.
ROUNDELS: dict[str, tuple[float, float]] = {
    "SUI": (7.45, 46.95),  # Bern
    "CAU": (44.80, 41.70),  # Tiflis
    "KAN": (101.78, 36.62),  # Sining (Tsinghai)
    "SHE": (109.49, 36.60),  # Yenan
    "TKS": (64.42, 39.77),  # Bukhara
    "KZH": (67.70, 47.80),  # Dzhezkazgan
    "WSI": (73.40, 61.25),  # Surgut
    "KRA": (92.87, 56.01),  # Krasnoyarsk
    "IRK": (104.30, 52.29),  # Irkutsk
    "YAK": (129.73, 62.03),  # Yakutsk
    "BUR": (113.50, 52.03),  # Chita
    "AMU": (127.53, 50.27),  # Blagoveshchensk
    "MAG": (150.80, 59.56),  # Magadan
    "CHU": (177.50, 64.73),  # Anadyr
    "MON": (106.91, 47.92),  # Ulan Bator
    "SIK": (87.62, 43.83),  # Tihwa
    "TIB": (91.13, 29.65),  # Lhasa
    "NEP": (85.32, 27.70),  # Kathmandu
    "AFG": (69.17, 34.53),  # Kabul
    "SAU": (46.72, 24.69),  # Riyadh
    "YEM": (44.21, 15.35),  # Sana'a
    "OMN": (58.41, 23.59),  # Muscat
    "LIB": (13.50, 30.50),  # the Tripolitanian interior (Gharyan plateau and beyond)
    "CYR": (22.00, 30.00),  # Cyrenaica's desert interior
    "SAH": (2.47, 27.20),  # In Salah
    "MAU": (-13.05, 20.50),  # Atar
    "FSU": (-3.00, 16.77),  # Timbuktu
    "CHA": (15.05, 12.11),  # Fort-Lamy
    "SUD": (32.53, 15.59),  # Khartoum
    "ETH": (38.75, 9.03),  # Addis Ababa
    "SWA": (17.08, -22.56),  # Windhoek
    "BEC": (24.00, -23.50),  # the Kalahari
    "NTE": (134.19, -19.65),  # Tennant Creek
    "SAS": (135.00, -29.50),  # the Great Victoria Desert's edge
    "WAU": (121.47, -30.75),  # Kalgoorlie
    "CON": (15.31, -4.32),  # Leopoldville
    "AMZ": (-60.02, -3.12),  # Manaus
    "NWT": (-114.37, 62.45),  # Yellowknife
    "GRL": (-40.00, 72.00),  # the ice cap
    "BOL": (-68.15, -16.50),  # La Paz
    "CHI": (-70.67, -33.45),  # Santiago
    "ECU": (-78.47, -0.18),  # Quito
    "COL": (-74.07, 4.71),  # Bogotá
    "PER": (-77.03, -12.05),  # Lima
    "ALB": (19.82, 41.33),  # Tirana
    "NNO": (17.43, 68.44),  # Narvik
    "PRS": (51.39, 35.69),  # Tehran
    "BRM": (96.16, 16.80),  # Rangoon
    "SIA": (100.50, 13.75),  # Bangkok
    "EPL": (26.10, 52.11),  # Pinsk, in the Pripet marshes (Polesie)
}

#: terrain areas (lon/lat polygons), clipped to each land zone; where two overlap the
#: earlier row wins. Ids are global_war `[terrain.*]` entries.
# fmt: off
TERRAIN_AREAS: list[tuple[str, str, list[tuple[float, float]]]] = [
    ("Himalaya", "impassable",
     [(73.5, 35.5), (75.0, 34.0), (78.0, 32.0), (81.0, 30.0), (84.0, 27.3), (88.0, 26.8),
     (92.0, 26.8), (95.0, 27.4), (97.0, 28.2), (96.5, 29.2), (92.0, 28.3), (88.0, 28.3),
     (84.0, 29.3), (81.0, 30.9), (78.5, 32.7), (76.5, 35.0), (74.5, 36.5)]),
    ("Greenland ice cap", "tundra",
     [(-75.0, 76.0), (-60.0, 60.0), (-44.0, 59.0), (-38.0, 64.0), (-30.0, 68.0), (-22.0, 69.5),
     (-17.0, 75.0), (-10.0, 82.0), (-75.0, 84.0)]),
    ("Siberian tundra", "tundra",
     [(40.0, 66.8), (50.0, 67.2), (60.0, 66.8), (70.0, 66.5), (80.0, 67.5), (90.0, 68.5),
     (100.0, 70.0), (110.0, 71.0), (120.0, 71.0), (130.0, 70.5), (140.0, 70.0), (150.0, 68.5),
     (160.0, 67.5), (170.0, 66.5), (179.99, 66.0), (179.99, 80.0), (40.0, 80.0)]),
    ("Alaskan north slope", "tundra",
     [(-168.0, 68.0), (-141.0, 68.5), (-141.0, 72.0), (-168.0, 72.0)]),
    ("Canadian barrens", "tundra",
     [(-141.0, 69.0), (-130.0, 66.0), (-120.0, 63.0), (-110.0, 61.0), (-100.0, 60.0),
     (-94.0, 58.5), (-90.0, 57.0), (-82.0, 55.0), (-79.0, 56.0), (-78.0, 60.0), (-70.0, 59.0),
     (-64.0, 60.5), (-60.0, 62.0), (-60.0, 84.0), (-141.0, 84.0)]),
    ("Alps", "mountain",
     [(5.8, 44.0), (7.6, 43.8), (7.9, 44.6), (7.3, 45.2), (8.5, 45.9), (10.5, 46.0),
     (12.5, 46.0), (13.8, 45.7), (16.2, 47.0), (15.5, 47.9), (12.5, 47.8), (9.5, 47.8),
     (7.5, 47.6), (6.0, 46.9), (5.6, 45.5)]),
    ("Pyrenees", "mountain",
     [(-2.0, 42.6), (0.0, 42.3), (3.2, 42.2), (3.2, 42.9), (0.0, 43.1), (-1.8, 43.3)]),
    ("Carpathians", "mountain",
     [(17.5, 49.2), (19.0, 49.7), (22.0, 49.4), (24.5, 48.3), (25.6, 47.5), (26.6, 46.0),
     (26.2, 45.2), (24.0, 45.1), (22.4, 44.9), (21.9, 45.7), (23.5, 46.3), (24.8, 46.8),
     (23.5, 47.8), (21.8, 48.7), (19.5, 48.9), (17.8, 48.8)]),
    ("Dinaric Alps and Balkan range", "mountain",
     [(14.5, 45.3), (16.0, 44.0), (18.0, 42.6), (19.5, 41.7), (20.5, 40.0), (21.5, 39.5),
     (22.3, 40.3), (21.2, 42.0), (23.0, 42.3), (26.0, 42.8), (26.0, 43.3), (23.0, 43.2),
     (21.0, 43.4), (19.5, 44.0), (17.0, 45.2), (15.2, 45.8)]),
    ("Caucasus", "mountain",
     [(37.5, 44.8), (40.0, 43.8), (44.0, 43.0), (47.0, 42.0), (49.5, 41.0), (48.5, 40.5),
     (46.0, 41.0), (43.0, 41.2), (40.0, 42.6), (37.0, 44.2)]),
    ("Armenian highlands", "mountain",
     [(41.0, 41.2), (46.5, 41.2), (47.0, 39.0), (44.5, 38.3), (41.0, 39.0)]),
    ("Scandinavian mountains", "mountain",
     [(5.0, 59.0), (7.0, 62.5), (12.0, 66.0), (16.0, 68.5), (20.0, 69.5), (22.0, 69.0),
     (17.5, 66.5), (14.0, 64.0), (12.5, 62.0), (9.0, 59.8), (7.0, 58.3)]),
    ("Hindu Kush", "mountain",
     [(62.0, 35.5), (66.0, 37.3), (71.5, 37.0), (74.5, 36.5), (71.5, 34.0), (70.0, 32.0),
     (66.0, 32.5), (62.0, 34.0)]),
    ("Tibetan plateau", "mountain",
     [(78.0, 36.0), (90.0, 37.5), (96.0, 38.5), (102.0, 37.5), (104.0, 35.0), (102.5, 30.0),
     (101.0, 28.0), (97.5, 28.2), (92.0, 28.3), (88.0, 28.3), (84.0, 29.3), (81.0, 30.9),
     (78.5, 32.7)]),
    ("Yunnan-Kweichow plateau", "mountain",
     [(98.0, 28.0), (102.0, 28.5), (106.0, 27.5), (106.0, 24.0), (103.5, 22.5), (100.0, 22.0),
     (98.0, 24.0)]),
    ("Rocky Mountains", "mountain",
     [(-125.0, 60.0), (-118.0, 60.0), (-113.0, 50.0), (-105.0, 44.0), (-104.0, 38.0),
     (-105.0, 32.0), (-108.0, 31.3), (-112.0, 35.0), (-116.0, 42.0), (-120.0, 49.0),
     (-124.0, 54.0)]),
    ("Andes", "mountain",
     [(-81.0, -5.0), (-78.0, 2.0), (-75.0, 7.0), (-71.5, 10.5), (-70.0, 8.5), (-73.0, 4.0),
     (-76.5, -1.0), (-75.0, -10.0), (-69.0, -14.0), (-65.5, -17.5), (-65.0, -22.0),
     (-67.5, -33.0), (-70.0, -40.0), (-71.0, -52.0), (-74.0, -52.0), (-73.0, -40.0),
     (-71.5, -30.0), (-70.5, -20.0), (-72.0, -16.5), (-77.0, -12.0), (-80.0, -6.0)]),
    ("Atlas", "mountain",
     [(-9.8, 30.5), (-5.0, 31.5), (0.0, 33.5), (4.0, 34.8), (8.5, 35.5), (10.0, 36.3),
     (9.0, 36.9), (5.0, 36.3), (0.0, 35.3), (-5.0, 34.3), (-8.5, 32.5)]),
    ("Ethiopian highlands", "mountain",
     [(36.5, 14.5), (39.5, 15.0), (40.5, 12.0), (42.5, 9.0), (41.0, 6.0), (38.0, 4.0),
     (35.0, 6.5), (35.5, 10.5)]),
    ("Pripet marshes", "marsh",
     [(23.5, 51.3), (26.0, 52.6), (29.0, 52.5), (31.0, 51.8), (30.0, 51.2), (27.0, 51.2),
     (24.5, 50.9)]),
    ("Amazon basin", "jungle",
     [(-79.0, -1.0), (-77.0, 2.0), (-72.0, 4.0), (-67.0, 5.5), (-60.0, 8.5), (-55.0, 6.5),
     (-51.5, 5.5), (-50.0, 0.0), (-47.0, -2.0), (-46.0, -5.0), (-50.0, -10.0), (-57.0, -12.0),
     (-63.0, -13.0), (-68.0, -12.0), (-72.0, -10.0), (-75.5, -7.0), (-78.0, -3.0)]),
    ("Central American jungle", "jungle",
     [(-92.0, 17.5), (-88.0, 18.5), (-83.0, 15.5), (-82.0, 11.0), (-79.0, 9.8), (-77.0, 8.5),
     (-77.5, 7.0), (-80.5, 7.3), (-83.0, 8.0), (-86.0, 11.0), (-88.5, 13.5), (-91.5, 14.5)]),
    ("Congo basin", "jungle",
     [(8.5, 4.5), (15.0, 4.5), (20.0, 5.5), (26.0, 5.0), (31.0, 3.0), (30.0, -2.0),
     (29.0, -7.0), (26.0, -8.0), (20.0, -7.5), (14.0, -6.0), (11.5, -3.0), (9.5, 0.0)]),
    ("Burma and Indo-China", "jungle",
     [(92.0, 20.0), (93.0, 25.0), (97.0, 28.3), (99.0, 26.5), (101.5, 22.5), (106.5, 23.0),
     (108.5, 21.0), (109.5, 15.0), (109.5, 11.0), (107.0, 8.5), (104.5, 8.3), (103.5, 10.5),
     (102.3, 12.3), (101.5, 13.2), (101.6, 14.8), (100.6, 16.5), (99.6, 15.2), (99.6, 13.4),
     (99.3, 11.0), (99.5, 9.5), (98.0, 8.0), (97.0, 13.0), (95.0, 15.5), (94.0, 16.0)]),
    ("Malaya and the Indies", "jungle",
     [(95.0, 6.0), (105.0, -7.0), (115.0, -9.0), (125.0, -10.0), (141.0, -10.0), (150.0, -11.0),
     (155.0, -12.0), (162.0, -12.0), (162.0, -5.0), (150.0, -1.0), (141.0, 0.0), (131.0, 0.0),
     (127.0, 3.0), (120.0, 7.5), (117.0, 7.5), (110.0, 5.0), (104.0, 3.0), (101.5, 6.8),
     (100.0, 6.5)]),
    ("Sahara", "desert",
     [(-17.0, 21.0), (-16.0, 27.0), (-9.0, 29.5), (-2.0, 31.5), (3.0, 32.5), (9.0, 32.5),
     (10.5, 34.0), (30.0, 34.0), (32.5, 31.5), (34.0, 31.3), (35.0, 29.5), (36.0, 22.0),
     (38.5, 18.0), (37.0, 15.0), (30.0, 14.5), (24.0, 15.0), (16.0, 14.5), (8.0, 15.5),
     (0.0, 15.5), (-6.0, 15.5), (-12.0, 16.5), (-16.5, 16.5)]),
    ("Arabian desert", "desert",
     [(35.0, 29.5), (38.0, 32.0), (41.0, 34.5), (44.0, 33.5), (47.5, 30.0), (50.0, 26.0),
     (55.0, 24.0), (57.0, 22.0), (56.5, 18.0), (52.0, 17.0), (47.0, 16.0), (44.5, 16.5),
     (42.5, 17.0), (39.0, 21.5), (36.5, 26.0)]),
    ("Iranian plateau deserts", "desert",
     [(51.0, 36.0), (56.0, 37.0), (61.0, 35.0), (62.0, 30.0), (60.0, 27.0), (56.0, 28.0),
     (52.0, 31.0), (50.5, 34.0)]),
    ("Karakum and Kyzylkum", "desert",
     [(52.0, 45.0), (62.0, 46.0), (68.0, 44.0), (69.0, 41.8), (66.0, 39.0), (62.0, 37.0),
     (55.0, 37.5), (52.5, 40.0)]),
    ("Betpak-Dala", "desert",
     [(60.0, 48.0), (66.0, 49.0), (73.0, 47.5), (78.0, 46.0), (79.0, 44.0), (72.0, 43.5),
     (66.0, 44.5), (60.0, 45.5)]),
    ("Taklamakan", "desert",
     [(76.0, 40.0), (80.0, 41.5), (86.0, 42.0), (90.0, 41.0), (92.0, 40.0), (88.0, 37.5),
     (80.0, 37.0), (76.0, 38.5)]),
    ("Gobi", "desert",
     [(90.0, 45.0), (96.0, 44.0), (100.0, 42.0), (106.0, 41.5), (111.0, 42.5), (115.0, 44.0),
     (118.0, 45.5), (114.0, 46.0), (108.0, 46.0), (102.0, 45.5), (97.0, 46.5), (92.0, 46.5)]),
    ("Kalahari and Namib", "desert",
     [(12.0, -17.0), (16.0, -17.5), (20.0, -18.0), (24.0, -19.0), (26.0, -21.0), (26.0, -25.0),
     (24.0, -27.5), (20.0, -28.5), (16.0, -28.7), (14.5, -26.0), (13.0, -22.0)]),
    ("Australian interior", "desert",
     [(114.0, -22.0), (120.0, -19.0), (126.0, -18.0), (133.0, -17.5), (138.0, -19.5),
     (141.0, -22.0), (143.0, -26.0), (142.0, -30.0), (138.0, -31.5), (134.0, -31.5),
     (129.0, -31.3), (124.0, -31.0), (118.0, -29.0), (115.0, -27.0)]),
]
# fmt: on
#: terrain areas smaller than this (map units²) inside a zone are left out
MIN_TERRAIN_AREA = 4.0

#: rail lines (§1.14, §10.4-§10.5): name, gauge ("standard" 1,435 mm or "broad"),
#: lon/lat stations. The path is the chain of land zones the line crosses; each border it
#: crosses gets the line's gauge (``Border.rail_gauge``).
# fmt: off
RAILWAYS: list[tuple[str, str, list[tuple[float, float]]]] = [
    ("Paris-Berlin-Brest-Litovsk", "standard",
     [(2.35, 48.86), (4.35, 50.85), (6.95, 50.94), (9.73, 52.37), (13.4, 52.52), (16.93, 52.41),
     (21.01, 52.23), (23.7, 52.1)]),
    ("Brest-Litovsk-Moscow", "broad",
     [(23.7, 52.1), (27.56, 53.9), (32.05, 54.78), (37.62, 55.75)]),
    ("Paris-Lyon-Marseille", "standard",
     [(2.35, 48.86), (4.84, 45.76), (5.37, 43.3)]),
    ("Paris-Bordeaux-Hendaye", "standard",
     [(2.35, 48.86), (-0.58, 44.84), (-1.5, 43.4)]),
    ("Irun-Madrid", "broad",
     [(-1.5, 43.4), (-3.7, 42.35), (-3.7, 40.42)]),
    ("Lyon-Turin-Milan", "standard",
     [(4.84, 45.76), (5.92, 45.57), (7.69, 45.07), (9.19, 45.46)]),
    ("Amsterdam-Cologne", "standard",
     [(4.9, 52.37), (5.9, 51.98), (6.95, 50.94)]),
    ("Berlin-Munich-Brenner-Rome", "standard",
     [(13.4, 52.52), (12.37, 51.34), (11.08, 49.45), (11.58, 48.14), (11.4, 47.26),
     (10.99, 45.44), (11.34, 44.49), (11.25, 43.77), (12.5, 41.9), (14.33, 41.07),
     (15.8, 40.64), (16.25, 39.3), (16.1, 38.6)]),
    ("Munich-Vienna", "standard",
     [(11.58, 48.14), (13.04, 47.8), (14.29, 48.31), (16.37, 48.21)]),
    ("Berlin-Dresden-Prague-Vienna", "standard",
     [(13.4, 52.52), (13.74, 51.05), (14.42, 50.09), (16.61, 49.2), (16.37, 48.21)]),
    ("Orient Express (Vienna-Constantinople)", "standard",
     [(16.37, 48.21), (17.11, 48.14), (19.04, 47.5), (20.46, 44.79), (23.32, 42.7),
     (25.5, 42.1), (28.5, 41.2)]),
    ("Belgrade-Salonika-Athens", "standard",
     [(20.46, 44.79), (21.43, 42.0), (22.6, 40.8), (22.4, 39.6), (23.73, 37.98)]),
    ("Berlin-Königsberg", "standard",
     [(13.4, 52.52), (14.55, 53.43), (17.0, 53.9), (18.6, 54.15), (19.6, 54.15), (20.51, 54.71)]),
    ("Warsaw-Lwów-Bucharest", "standard",
     [(21.01, 52.23), (22.57, 51.25), (24.03, 49.84), (25.94, 48.29), (26.1, 44.43)]),
    ("Oslo-Stockholm", "standard",
     [(10.75, 59.91), (13.5, 59.38), (18.07, 59.33)]),
    ("Ore railway (Narvik-Luleå)", "standard",
     [(17.43, 68.44), (20.23, 67.86), (21.6, 65.9)]),
    ("Leningrad-Moscow", "broad",
     [(30.31, 59.94), (33.4, 57.6), (35.9, 56.86), (37.62, 55.75)]),
    ("Murmansk railway", "broad",
     [(30.31, 59.94), (34.35, 61.78), (33.0, 65.0), (32.4, 67.15), (33.08, 68.97)]),
    ("Moscow-Archangel", "broad",
     [(37.62, 55.75), (39.9, 57.63), (39.9, 59.22), (40.54, 64.54)]),
    ("Moscow-Kiev-Odessa", "broad",
     [(37.62, 55.75), (34.36, 53.24), (30.52, 50.45), (30.6, 46.6)]),
    ("Moscow-Kharkov-Rostov-Baku", "broad",
     [(37.62, 55.75), (37.62, 54.2), (36.07, 52.97), (36.19, 51.73), (36.23, 49.99),
     (39.7, 47.24), (41.1, 45.0), (45.7, 43.3), (47.6, 41.8), (48.9, 41.0), (49.87, 40.41)]),
    ("Moscow-Stalingrad", "broad",
     [(37.62, 55.75), (39.7, 54.6), (41.45, 52.72), (44.52, 48.71)]),
    ("Trans-Siberian railway", "broad",
     [(37.62, 55.75), (44.0, 56.33), (49.1, 55.8), (56.25, 58.0), (60.6, 56.84), (65.53, 57.15),
     (73.37, 54.98), (82.92, 55.03), (92.87, 56.01), (99.0, 55.0), (104.3, 52.29),
     (106.0, 51.4), (107.6, 51.83), (113.5, 52.03), (119.0, 52.8), (123.9, 54.0),
     (126.0, 54.0), (128.0, 52.5), (128.3, 51.0), (131.0, 49.6), (133.0, 49.2),
     (135.07, 48.48), (134.6, 47.5), (134.3, 46.5), (133.6, 45.3), (131.95, 43.8),
     (131.89, 43.12)]),
    ("Samara-Tashkent", "broad",
     [(49.1, 55.8), (50.1, 53.2), (55.1, 51.77), (57.2, 50.3), (61.7, 46.8), (65.5, 44.85),
     (69.24, 41.3)]),
    ("Turksib", "broad",
     [(69.24, 41.3), (76.9, 43.25), (80.25, 50.4), (82.92, 55.03)]),
    ("Chinese Eastern railway", "standard",
     [(117.4, 49.6), (122.0, 47.3), (126.63, 45.75), (129.6, 44.6), (131.89, 43.12)]),
    ("Chita-Manchuli", "broad",
     [(113.5, 52.03), (117.4, 49.6)]),
    ("South Manchuria railway", "standard",
     [(126.63, 45.75), (125.3, 43.9), (123.43, 41.8), (122.5, 40.5)]),
    ("Mukden-Seoul-Pusan", "standard",
     [(123.43, 41.8), (124.4, 40.4), (125.5, 39.8), (125.75, 39.02), (126.98, 37.57),
     (129.08, 35.18)]),
    ("Peking-Mukden", "standard",
     [(116.41, 39.9), (119.75, 40.0), (121.5, 41.1), (123.43, 41.8)]),
    ("Peking-Hankow-Canton", "standard",
     [(116.41, 39.9), (114.5, 38.04), (113.65, 34.76), (114.3, 30.6), (112.94, 28.23),
     (113.26, 23.13)]),
    ("Tientsin-Pukow-Shanghai", "standard",
     [(116.41, 39.9), (117.2, 39.13), (117.0, 36.65), (117.2, 34.26), (118.78, 32.06),
     (120.3, 31.57), (121.47, 31.23)]),
    ("Lunghai railway", "standard",
     [(119.2, 34.6), (117.2, 34.26), (113.65, 34.76), (108.94, 34.34)]),
    ("Peking-Suiyuan", "standard",
     [(116.41, 39.9), (114.88, 40.82), (113.3, 40.08), (111.67, 40.82), (109.84, 40.66)]),
    ("Yunnan railway (Haiphong-Kunming)", "standard",
     [(106.68, 20.86), (105.85, 21.03), (103.97, 22.5), (102.83, 24.88)]),
    ("Karachi-Lahore-Delhi-Calcutta", "broad",
     [(67.01, 24.86), (68.4, 27.7), (71.5, 30.2), (74.34, 31.55), (77.21, 28.61),
     (81.85, 25.44), (85.1, 25.6), (88.36, 22.57)]),
    ("Bombay-Allahabad", "broad",
     [(72.88, 19.08), (75.77, 21.05), (79.95, 23.18), (81.85, 25.44)]),
    ("Bombay-Madras", "broad",
     [(72.88, 19.08), (73.86, 18.52), (77.6, 14.9), (80.27, 13.08)]),
    ("Burma railway (Rangoon-Lashio)", "standard",
     [(96.16, 16.8), (96.08, 21.97), (97.75, 22.93)]),
    ("Washington-New York-Boston", "standard",
     [(-77.04, 38.91), (-75.16, 39.95), (-74.01, 40.71), (-72.7, 41.76), (-71.06, 42.36)]),
    ("New York-Chicago", "standard",
     [(-74.01, 40.71), (-75.16, 39.95), (-80.0, 40.44), (-81.69, 41.5), (-84.0, 41.5),
     (-87.63, 41.88)]),
    ("Overland route (Chicago-San Francisco)", "standard",
     [(-87.63, 41.88), (-95.94, 41.26), (-104.82, 41.14), (-111.97, 41.22), (-119.8, 39.53),
     (-121.49, 38.58), (-122.27, 37.8)]),
    ("Chicago-St. Louis-New Orleans", "standard",
     [(-87.63, 41.88), (-90.2, 38.63), (-90.05, 35.15), (-90.18, 32.3), (-90.07, 29.95)]),
    ("Sunset route (New Orleans-Los Angeles)", "standard",
     [(-90.07, 29.95), (-95.37, 29.76), (-98.49, 29.42), (-106.49, 31.76), (-110.97, 32.22),
     (-114.6, 32.7), (-118.24, 34.05)]),
    ("Coast line (Los Angeles-San Francisco-Seattle)", "standard",
     [(-117.05, 32.75), (-117.2, 33.9), (-118.24, 34.05), (-120.0, 35.5), (-121.9, 37.3),
     (-122.27, 37.8), (-121.5, 40.5), (-122.7, 45.52), (-122.6, 46.5), (-122.2, 47.5)]),
    ("Northern Pacific (Chicago-Seattle)", "standard",
     [(-87.63, 41.88), (-93.27, 44.98), (-100.78, 46.81), (-108.5, 45.78), (-117.43, 47.66),
     (-122.33, 47.61)]),
    ("Washington-Atlanta-New Orleans", "standard",
     [(-77.04, 38.91), (-80.84, 35.23), (-84.39, 33.75), (-86.8, 33.52), (-88.7, 31.5),
     (-90.07, 29.95)]),
    ("New York-Montreal", "standard",
     [(-74.01, 40.71), (-73.75, 42.65), (-73.57, 45.5)]),
    ("Canadian Pacific (Halifax-Vancouver)", "standard",
     [(-63.57, 44.65), (-64.78, 46.09), (-67.5, 47.0), (-71.21, 46.81), (-73.57, 45.5),
     (-75.7, 45.42), (-79.4, 46.3), (-84.0, 48.4), (-89.25, 48.8), (-97.14, 49.9),
     (-104.6, 50.45), (-114.07, 51.05), (-118.2, 51.0), (-123.12, 49.28)]),
    ("El Paso-Mexico City", "standard",
     [(-106.49, 31.76), (-106.09, 28.63), (-103.4, 25.54), (-101.0, 22.15), (-99.13, 19.43)]),
    ("Cape to Katanga", "standard",
     [(18.42, -33.92), (20.0, -32.4), (24.76, -28.74), (28.05, -26.2), (28.58, -20.15),
     (25.85, -17.85), (28.3, -14.4), (27.48, -11.66)]),
    ("Cairo-Haifa", "standard",
     [(29.92, 31.2), (31.24, 30.04), (32.3, 30.85), (33.8, 30.85), (34.8, 31.3), (35.0, 32.3),
     (35.05, 32.75)]),
    ("Anatolian and Baghdad railway", "standard",
     [(29.5, 40.77), (30.52, 39.78), (32.48, 37.87), (35.32, 37.0), (36.4, 37.0), (37.16, 36.2),
     (41.0, 36.9), (43.13, 36.34), (44.37, 33.31)]),
    ("Eskişehir-Ankara", "standard",
     [(30.52, 39.78), (32.85, 39.93)]),
    ("Uganda railway", "standard",
     [(39.67, -4.05), (36.82, -1.29), (34.75, 0.5), (32.58, 0.35)]),
    ("Central line (Dar es Salaam-Kigoma)", "standard",
     [(39.28, -6.79), (35.75, -6.17), (32.8, -5.02), (29.63, -4.88)]),
    ("Djibouti-Addis Ababa", "standard",
     [(42.9, 11.5), (41.87, 9.6), (38.75, 9.03)]),
    ("Algiers-Tunis", "standard",
     [(-0.63, 35.7), (1.33, 36.17), (3.06, 36.75), (6.61, 36.37), (8.5, 36.5), (10.17, 36.8)]),
    ("Casablanca-Oran", "standard",
     [(-7.59, 33.57), (-5.0, 34.03), (-1.91, 34.68), (-0.63, 35.7)]),
    ("Tokaido line (Tokyo-Shimonoseki)", "standard",
     [(139.69, 35.69), (136.9, 35.18), (135.5, 34.69), (132.46, 34.39), (130.9, 33.95)]),
    ("Trans-Australian (Perth-Brisbane)", "standard",
     [(115.86, -31.95), (121.47, -30.75), (131.0, -30.6), (137.77, -32.49), (138.6, -34.93),
     (144.96, -37.81), (149.1, -35.3), (151.21, -33.87), (152.0, -30.0), (153.03, -27.47)]),
    ("Transandine (Buenos Aires-Santiago)", "standard",
     [(-58.38, -34.6), (-63.0, -33.5), (-68.84, -32.89), (-70.67, -33.45)]),
    ("Rio de Janeiro-São Paulo", "standard",
     [(-43.21, -22.91), (-46.63, -23.55)]),
]
# fmt: on

#: rivers (§1.12): name, lon/lat course (source to mouth). A land border runs along a
#: river (``Border.river``) where at least RIVER_SHARE of its length lies within
#: RIVER_REACH map units of the course.
# fmt: off
RIVERS: list[tuple[str, list[tuple[float, float]]]] = [
    ("Rhine",
     [(9.0, 47.7), (7.6, 47.57), (7.8, 48.6), (8.45, 49.5), (8.27, 50.0), (7.6, 50.35),
     (6.95, 50.94), (6.77, 51.23), (6.2, 51.85), (5.3, 51.9), (4.1, 51.95)]),
    ("Oder",
     [(17.9, 50.0), (17.03, 51.11), (15.5, 51.95), (14.6, 52.35), (14.3, 53.43)]),
    ("Vistula",
     [(19.0, 49.8), (19.94, 50.06), (21.0, 50.7), (21.01, 52.23), (19.1, 52.65), (18.6, 53.01),
     (18.75, 54.3)]),
    ("Bug",
     [(24.5, 49.9), (24.1, 50.8), (23.6, 51.6), (23.0, 52.3), (21.0, 52.45)]),
    ("Dniester",
     [(23.5, 49.5), (25.5, 48.6), (27.5, 48.4), (29.0, 47.4), (30.0, 46.6), (30.3, 46.3)]),
    ("Dnieper",
     [(33.9, 55.8), (32.05, 54.78), (30.4, 54.5), (30.3, 53.9), (30.4, 52.4), (30.52, 50.45),
     (33.4, 49.07), (35.05, 48.45), (35.14, 47.84), (34.4, 47.57), (32.6, 46.63), (31.9, 46.6)]),
    ("Don",
     [(38.3, 54.0), (39.2, 51.7), (41.0, 50.5), (43.0, 49.5), (43.5, 48.7), (42.0, 47.6),
     (39.7, 47.24), (39.3, 47.1)]),
    ("Volga",
     [(34.3, 56.3), (35.9, 56.86), (39.9, 57.63), (44.0, 56.33), (49.1, 55.8), (48.4, 54.3),
     (50.1, 53.2), (46.0, 51.5), (44.52, 48.71), (48.0, 46.35), (48.5, 45.9)]),
    ("Danube",
     [(8.5, 47.95), (10.0, 48.4), (12.1, 49.0), (13.46, 48.57), (14.3, 48.3), (16.37, 48.21),
     (17.11, 48.14), (18.8, 47.8), (19.04, 47.5), (18.9, 45.9), (19.85, 45.25), (20.46, 44.79),
     (22.5, 44.6), (23.0, 43.8), (25.0, 43.6), (25.95, 43.85), (27.9, 44.2), (28.1, 45.4),
     (29.6, 45.2)]),
    ("Nile",
     [(32.53, 15.59), (33.5, 19.0), (31.0, 22.0), (32.9, 24.1), (31.24, 30.04), (31.0, 31.5)]),
    ("Ganges",
     [(78.2, 30.0), (80.3, 26.4), (83.0, 25.3), (85.1, 25.6), (88.0, 24.5), (88.4, 22.6),
     (88.2, 21.7)]),
    ("Indus",
     [(75.0, 35.5), (72.0, 33.0), (71.0, 30.0), (68.4, 25.4), (67.5, 24.0)]),
    ("Yellow River",
     [(103.8, 36.06), (106.5, 39.5), (111.0, 40.3), (111.0, 36.0), (113.5, 34.8), (114.3, 34.8),
     (118.5, 37.7)]),
    ("Yangtze",
     [(104.6, 28.8), (106.55, 29.56), (111.3, 30.7), (114.3, 30.6), (116.0, 29.7),
     (118.8, 32.05), (121.5, 31.4)]),
    ("Amur",
     [(121.5, 53.3), (126.5, 52.9), (127.5, 50.25), (130.5, 48.0), (135.07, 48.48),
     (137.0, 50.5), (140.5, 53.0)]),
    ("Mississippi",
     [(-93.27, 44.98), (-91.2, 43.5), (-90.2, 38.63), (-90.05, 35.15), (-90.9, 32.35),
     (-91.2, 30.45), (-90.07, 29.95), (-89.3, 29.1)]),
    ("St. Lawrence",
     [(-76.3, 44.2), (-73.57, 45.5), (-71.21, 46.81), (-68.0, 49.0)]),
    ("Amazon",
     [(-73.0, -4.0), (-67.0, -3.5), (-60.02, -3.12), (-55.0, -2.2), (-51.0, -1.0),
     (-49.5, -0.5)]),
    ("Paraná",
     [(-51.0, -20.0), (-54.5, -25.5), (-58.6, -27.4), (-60.7, -32.9), (-58.4, -34.0)]),
]
# fmt: on

RIVER_REACH = 12.0
RIVER_SHARE = 0.4
#: ... and at least this long (map units) beside it
RIVER_MIN_LENGTH = 25.0
#: borders the rule above finds that are no river border (the Main, the Sudetes, the
#: Thaya are not drawn)
RIVER_NOT = {("WGE", "SGE"), ("AUT", "BOH"), ("BOH", "PLD")}

#: narrow crossings (§1.20): zone a, zone b, units per turn, the sea point(s) whose
#: enemy warships block it. Kept as ``Border.crossing_limit`` + ``props["via"]`` on the pair
#: of land zones only: they are no link, so the 1939 g40 adjacency does not change.
NARROW_CROSSINGS: list[tuple[str, str, str, int, list[tuple[float, float]]]] = [
    ("English Channel (Dover-Calais)", "GBR", "FRN", 3, [(1.50, 50.80)]),
    ("Strait of Gibraltar", "GIB", "MOR", 2, [(-5.40, 35.95)]),
    ("Øresund", "DEN", "SWE", 2, [(12.70, 55.90)]),
    ("Palk Strait", "IND", "CEY", 1, [(79.60, 9.50)]),
]

#: Global War convoy lines (§1.6, §9.11): name, {nation: most IPP it can lose to raiding
#: per calendar turn}, start zone, end zone, lon/lat waypoints. The Soviet-Arctic line
#: has no IPP value (§1.6: it carries the USSR's wartime bonus income instead). The NRS
#: values are not in the rulebook: these are plausible guesses.
# fmt: off
GW_CONVOYS: list[tuple[str, dict[str, int], str, str, list[tuple[float, float]]]] = [
    ("Soviet-Arctic line", {}, "GBR", "KAR",
     [(-3.0, 59.5), (2.0, 64.0), (12.0, 70.0), (25.0, 72.0), (33.5, 69.8)]),
    ("New York-Rio de Janeiro line", {"USA": 3}, "EUS", "SEB",
     [(-73.0, 39.5), (-68.0, 30.0), (-55.0, 15.0), (-35.0, -3.0), (-36.0, -12.0),
     (-42.0, -23.5)]),
    ("West African line", {"UK": 3, "FRA": 1}, "GBR", "SAF",
     [(-6.0, 50.5), (-12.0, 45.0), (-18.0, 30.0), (-20.0, 12.0), (-14.0, 7.0), (0.0, -10.0),
     (12.0, -30.0), (17.5, -34.5)]),
    ("East African line", {"UK": 3}, "SAF", "IND",
     [(18.5, -35.0), (30.0, -33.0), (40.0, -20.0), (42.0, -5.0), (50.0, 5.0), (60.0, 12.0),
     (70.0, 18.0)]),
    ("Mediterranean line", {"UK": 3, "FRA": 1}, "GIB", "EGY",
     [(-5.0, 36.2), (5.0, 37.6), (11.5, 37.8), (14.0, 35.4), (25.0, 33.6), (29.6, 31.5)]),
    ("French North African line", {"FRA": 2}, "SFR", "ALG",
     [(5.2, 43.0), (4.5, 40.0), (3.2, 37.2)]),
    ("Italian Libyan line", {"ITA": 1}, "ITL", "LIB",
     [(15.5, 39.0), (16.0, 36.5), (14.5, 34.0), (13.5, 33.2)]),
    ("North Atlantic line", {"UK": 4}, "EUS", "GBR",
     [(-73.0, 40.0), (-60.0, 42.5), (-40.0, 49.0), (-20.0, 54.0), (-8.0, 54.6)]),
    ("Hawaii line", {"USA": 2}, "WUS", "HAW",
     [(-123.0, 37.5), (-140.0, 30.0), (-157.0, 21.8)]),
    ("Asiatic line", {"USA": 1}, "GUA", "PHI",
     [(144.5, 13.2), (135.0, 13.5), (126.0, 13.0), (121.0, 14.0)]),
    ("Japanese oil line", {"JPN": 2}, "BBO", "WJA",
     [(114.0, 5.0), (116.5, 12.0), (121.0, 21.0), (125.0, 28.0), (131.5, 32.0)]),
    ("Trans-Tasman line", {"UK": 1}, "NZL", "NSW",
     [(174.5, -41.5), (162.0, -38.0), (151.5, -34.0)]),
    ("Indies line", {"JPN": 2}, "JAV", "WJA",
     [(106.8, -5.5), (108.0, -2.5), (107.5, 2.0), (110.5, 8.0), (116.0, 18.0), (122.5, 26.5),
     (130.0, 31.0)]),
    ("Australia line", {"UK": 2}, "NSW", "MAL",
     [(151.5, -34.0), (155.0, -25.0), (146.0, -12.0), (138.0, -9.5), (125.0, -10.5),
     (115.0, -8.0), (107.0, -4.0), (104.5, 0.5)]),
]
# fmt: on

#: Global War facilities in 1936 (§1.4, §12.3-§12.10): zone code → "type [type ...]" with
#: the global_war type names (ports and dockyards serve the nearest sea zones, as the
#: g40 naval bases do). One facility of a type per zone.
GW_FACILITIES: dict[str, str] = {
    # Germany
    "DEU": "major_factory major_shipyard air_base",
    "WGE": "major_factory major_dockyard submarine_base",
    "SGE": "medium_factory air_base",
    "EPR": "minor_port",
    # United Kingdom and the Commonwealth
    "GBR": "major_factory major_shipyard major_dockyard air_base",
    "GIB": "major_dockyard air_base",
    "MLT": "major_dockyard air_base",
    "EGY": "major_dockyard air_base",
    "PAL": "minor_port",
    "ADN": "minor_dockyard",
    "NWI": "minor_port",
    "IND": "medium_factory major_port",
    "BEN": "minor_factory major_port",
    "CEY": "minor_dockyard",
    "BRM": "minor_port",
    "MAL": "major_dockyard air_base",
    "KWA": "minor_dockyard",
    "ECA": "minor_factory major_port",
    "WCA": "minor_port",
    "NFL": "minor_port",
    "JAM": "minor_port",
    "NSW": "minor_factory minor_shipyard major_port",
    "QLD": "minor_port",
    "NTE": "minor_port",
    "WAU": "minor_port",
    "NZL": "minor_port",
    "NGU": "minor_port",
    "SAF": "minor_factory minor_dockyard",
    "KEN": "minor_port",
    "NGA": "minor_port",
    "SLE": "minor_port",
    # France
    "FRN": "major_factory major_dockyard air_base",
    "SFR": "minor_factory major_shipyard",
    "ALG": "minor_port",
    "MOR": "minor_port",
    "TUN": "minor_dockyard",
    "FWA": "minor_dockyard",
    "SYR": "minor_port",
    "FIC": "minor_dockyard",
    "FSO": "minor_port",
    "MAD": "minor_port",
    "NCA": "minor_port",
    # Italy
    "NIT": "major_factory major_shipyard",
    "ITL": "medium_factory major_dockyard air_base",
    "LIB": "minor_port",
    "CYR": "minor_port",
    "ISO": "minor_port",
    # Soviet Union
    "MOS": "major_factory air_base",
    "LEN": "medium_factory major_shipyard",
    "KAR": "minor_port",
    "ARK": "minor_port",
    "UKR": "minor_port",
    "EUK": "medium_factory major_dockyard",
    "STA": "minor_factory",
    "VOL": "minor_factory",
    "URA": "minor_factory",
    "NSK": "minor_factory",
    "VLA": "minor_dockyard",
    # Japan
    "JAP": "major_factory major_dockyard air_base",
    "WJA": "medium_factory major_shipyard",
    "KOR": "minor_factory minor_port",
    "MAN": "minor_factory",
    "FOR": "minor_port air_base",
    "OKI": "air_base",
    "MAR": "air_base",
    "CAR": "minor_dockyard seaplane_base",
    "MSH": "seaplane_base",
    # United States
    "EUS": "major_factory major_shipyard major_dockyard air_base",
    "CUS": "major_factory",
    "SUS": "minor_port",
    "WUS": "medium_factory minor_shipyard major_dockyard air_base",
    "HAW": "major_dockyard air_base",
    "PHI": "minor_dockyard air_base",
    "PAN": "minor_port air_base",
    "GUA": "minor_port",
    "MID": "seaplane_base",
    "WAK": "seaplane_base",
    "ALA": "air_base",
    # KMT China
    "SZE": "minor_factory",
    "KIA": "minor_factory minor_port",
    # neutrals
    "HOL": "minor_port",
    "DEN": "minor_port",
    "NOR": "minor_port",
    "SWE": "minor_factory minor_port",
    "SPA": "minor_factory",
    "POR": "minor_port",
    "TUR": "minor_port",
    "GRE": "minor_port",
    "JAV": "minor_port",
    "ARG": "minor_port",
    "SEB": "minor_port",
}
#: facility types that serve sea zones (ports, shipyards, dockyards, submarine bases)
GW_SERVES_SEA = ("port", "shipyard", "dockyard", "submarine_base")

#: nations only the Global War scenario uses (§4.9, T 4-1): id, name, colour, kind,
#: capital zone code, alignment. They are not playable seats of their own in the pack
#: (the 1939 g40 scenario does not have them): the CCP moves in the USSR's turn slot
#: (T 6-1, controlled by the USSR, T 4-1); warlords and neutrals do not move.
GW_NATIONS: list[tuple[str, str, str, str, str, str | None]] = [
    ("CCP", "Chinese Communist Party", "#d7263d", "minor", "SHE", None),
    # §13.2 Italy-Abyssinia: Abyssinia, controlled by France (T 4-1), moves in its slot
    ("ABY", "Abyssinia", "#5f8f3e", "minor", "ETH", None),
    # §4.9 warlord groups on this map (Kwangtung holds British Hong Kong here, and
    # Hainan has no zone of its own)
    ("WYU", "Yunnan clique", "#8fa35a", "neutral", "YUN", "strict"),
    ("WTI", "Tibet", "#c7b37a", "neutral", "TIB", "strict"),
    ("WTS", "Tsinghai (Ma clique)", "#a08a5c", "neutral", "KAN", "strict"),
    # the Hopei-Chahar council, set up under Japanese pressure (December 1935), leans to
    # the Axis: not a strict neutral, so an attack on it aligns nobody else
    ("WHC", "Hopei-Chahar council", "#7f9c8c", "neutral", "HOP", "pro_axis"),
    ("WSN", "Sinkiang", "#9c7f5c", "neutral", "SIK", "strict"),
    # neutrals with a seat of their own in 1936
    ("ESP", "Spanish Republic", "#b5493a", "neutral", "SPA", "strict"),
    ("TRK", "Republic of Turkey", "#c8a24a", "neutral", "TUR", "strict"),
    ("SWD", "Kingdom of Sweden", "#5a7fb5", "neutral", "SWE", "strict"),
]
#: July 1936 ownership where it differs from the 1939 rows: Austria, Czechoslovakia
#: and Albania independent; Abyssinia at war with Italy; Kiangsu (Nanking) KMT; the warlords, the CCP and
#: the neutrals with seats of their own
GW1936_OWNERS: dict[str, str] = {
    "AUT": "NEU",
    "BOH": "NEU",
    "SVK": "NEU",
    "ALB": "NEU",
    "ETH": "ABY",
    "KIA": "CHN",
    "SHE": "CCP",
    "YUN": "WYU",
    "TIB": "WTI",
    "KAN": "WTS",
    "HOP": "WHC",
    "SUY": "WHC",
    "SIK": "WSN",
    "SPA": "ESP",
    "TUR": "TRK",
    "SWE": "SWD",
}
#: §3.2: the ten Objective Cities (zone code: city, which becomes an alias of the zone
#: for the condition language and the validator); +1 VP to an Alliance for each it holds
#: that an opposing player held at the start
GW_OBJECTIVE_CITIES: dict[str, str] = {
    "DEU": "Berlin",
    "JAP": "Tokyo",
    "ITL": "Rome",
    "GBR": "London",
    "BEN": "Calcutta",
    "NSW": "Sydney",
    "FRN": "Paris",
    "EUS": "Washington D.C.",
    "KIA": "Nanking",
    "MOS": "Moscow",
}


# ---------------------------------------------------------------------------------------
# nations, alliances and the 1939 scenario

#: id, name, colour, kind, playable, alignment of a neutral bloc
NATIONS: list[tuple[str, str, str, str, bool, str | None]] = [
    ("GER", "Germany", "#6b6b6b", "major", True, None),
    ("SOV", "Soviet Union", "#a3302c", "major", True, None),
    ("JPN", "Japan", "#e3a23b", "major", True, None),
    ("USA", "United States", "#3d7a3a", "major", True, None),
    ("CHN", "China", "#6e4c9e", "major", True, None),
    ("UK", "United Kingdom and Commonwealth", "#c9a46a", "major", True, None),
    ("ITA", "Italy", "#7a5230", "major", True, None),
    ("FRA", "France", "#2f5fa8", "major", True, None),
    ("POL", "Poland", "#c0507a", "minor", True, None),
    ("NEU", "Neutral states", "#d9d3c3", "neutral", False, "strict"),
    ("NAX", "Pro-Axis neutrals", "#c8b89a", "neutral", False, "pro_axis"),
    ("NAL", "Pro-Allied neutrals", "#b2c4a6", "neutral", False, "pro_allies"),
]
CAPITALS = {
    "GER": "DEU",
    "SOV": "MOS",
    "JPN": "JAP",
    "USA": "EUS",
    "CHN": "SZE",
    "UK": "GBR",
    "ITA": "ITL",
    "FRA": "FRN",
    "POL": "PLD",
}
ALLIANCES: list[tuple[str, str, str, list[str]]] = [
    ("axis", "Axis", "#555555", ["GER", "ITA", "JPN"]),
    ("allies", "Allies", "#3f6fb5", ["UK", "FRA", "POL", "USA", "CHN"]),
    ("comintern", "Comintern", "#a3302c", ["SOV"]),
]
#: relations other than peace (September 1939: war in Poland, in China; the Pact)
RELATIONS: list[tuple[str, str, str, str | None]] = [
    ("GER", "POL", "war", "GER"),
    ("GER", "UK", "war", "UK"),
    ("GER", "FRA", "war", "FRA"),
    ("JPN", "CHN", "war", "JPN"),
    ("GER", "SOV", "pact", None),
]
TURN_ORDER = ["GER", "POL", "SOV", "JPN", "USA", "CHN", "UK", "ITA", "FRA"]

#: the set-up: nation → [(zone code, or "sea LON LAT", "count type, ...")]
SETUP: dict[str, list[tuple[str, str]]] = {
    "GER": [
        ("DEU", "4 infantry, 2 artillery, 2 tank, 2 fighter, 1 tactical_bomber, 1 aaa"),
        ("WGE", "4 infantry, 1 artillery, 1 tank, 1 fighter, 1 strategic_bomber, 1 aaa"),
        ("SGE", "2 infantry, 1 artillery, 1 mech_infantry"),
        ("AUT", "2 infantry"),
        ("BOH", "2 infantry, 1 tank"),
        ("SVK", "1 infantry, 1 mech_infantry"),
        ("EPR", "2 infantry, 1 artillery"),
        # the surface fleet lies in the Baltic: the North Sea holds the Home Fleet, and a
        # scenario must not start with enemies in one zone (validator SCN012)
        ("sea 15.0 55.5", "1 battleship, 2 cruiser, 1 destroyer, 2 transport"),
        ("sea -35.0 45.0", "2 submarine"),  # U-boats on the Atlantic routes
    ],
    "POL": [
        ("PLD", "4 infantry, 1 artillery, 1 fighter"),
        ("EPL", "2 infantry"),
    ],
    "SOV": [
        ("MOS", "4 infantry, 1 artillery, 1 tank, 1 fighter, 1 aaa"),
        ("LEN", "3 infantry, 1 artillery"),
        ("BYE", "3 infantry, 1 tank"),
        ("UKR", "3 infantry, 1 artillery"),
        ("EUK", "2 infantry"),
        ("CAU", "2 infantry, 1 artillery"),
        ("STA", "1 infantry"),
        ("KAR", "1 infantry"),
        ("URA", "1 infantry"),
        ("VLA", "3 infantry"),
        ("AMU", "2 infantry"),
        ("BUR", "1 infantry"),
        ("MON", "1 infantry, 1 tank"),
        ("sea 27.0 59.8", "1 submarine, 1 destroyer"),
    ],
    "JPN": [
        ("JAP", "4 infantry, 1 artillery, 2 fighter, 1 tactical_bomber, 1 aaa"),
        ("WJA", "2 infantry"),
        ("KOR", "2 infantry"),
        ("MAN", "4 infantry, 1 artillery, 1 tank"),
        ("HOP", "3 infantry, 1 artillery"),
        ("KIA", "3 infantry, 1 fighter"),
        ("SUY", "1 infantry"),
        ("FOR", "1 infantry"),
        ("OKI", "1 infantry"),
        ("MAR", "1 infantry"),
        ("CAR", "1 infantry"),
        ("MSH", "1 infantry"),
        (
            "sea 141.0 34.0",
            "2 battleship, 2 carrier, 2 fighter, 1 cruiser, 2 destroyer, 1 transport",
        ),
        ("sea 131.0 31.0", "1 battleship, 1 destroyer, 1 transport"),
        ("sea 152.0 9.0", "1 cruiser, 1 submarine"),
    ],
    "USA": [
        ("EUS", "2 infantry, 1 artillery, 1 fighter, 1 aaa"),
        ("CUS", "1 infantry, 1 tank"),
        ("SUS", "1 infantry"),
        ("WUS", "2 infantry, 1 fighter"),
        ("HAW", "1 infantry, 1 fighter"),
        ("PHI", "2 infantry, 1 fighter"),
        ("ALA", "1 infantry"),
        ("PAN", "1 infantry"),
        (
            "sea -158.0 19.5",
            "1 battleship, 1 carrier, 1 fighter, 1 cruiser, 1 destroyer, 1 submarine",
        ),
        ("sea -120.0 32.0", "1 battleship, 1 destroyer, 1 transport"),
        ("sea -73.0 37.0", "1 battleship, 1 cruiser, 1 destroyer, 1 transport"),
        ("sea 119.0 14.0", "1 cruiser, 1 submarine"),
    ],
    "CHN": [
        ("SZE", "3 infantry, 1 fighter"),
        ("HNN", "3 infantry"),
        ("SHE", "2 infantry"),
        ("YUN", "2 infantry"),
        ("KAN", "1 infantry"),
        ("SIK", "1 infantry"),
    ],
    "UK": [
        ("GBR", "4 infantry, 1 artillery, 2 fighter, 1 strategic_bomber, 1 aaa"),
        ("GIB", "1 infantry, 1 fighter"),
        ("MLT", "1 infantry"),
        ("EGY", "3 infantry, 1 artillery, 1 tank, 1 fighter"),
        ("PAL", "1 infantry"),
        ("ADN", "1 infantry"),
        ("IND", "4 infantry, 1 artillery, 1 fighter"),
        ("BEN", "2 infantry"),
        ("NWI", "1 infantry"),
        ("BRM", "1 infantry"),
        ("MAL", "2 infantry"),
        ("KWA", "1 infantry"),
        ("ECA", "2 infantry"),
        ("NSW", "2 infantry, 1 fighter"),
        ("NZL", "1 infantry"),
        ("SAF", "2 infantry"),
        ("KEN", "1 infantry"),
        (
            "sea -1.0 59.5",
            "2 battleship, 1 carrier, 1 fighter, 2 cruiser, 2 destroyer, 1 transport",
        ),
        ("sea -6.0 48.5", "1 cruiser, 1 destroyer, 1 transport"),
        ("sea 30.0 33.0", "1 battleship, 1 cruiser, 1 destroyer"),
        ("sea 70.0 15.0", "1 cruiser, 1 transport"),
        ("sea 105.0 3.5", "1 battleship, 1 destroyer"),
        ("sea 155.0 -30.0", "1 cruiser"),
    ],
    "ITA": [
        ("ITL", "3 infantry, 1 artillery, 1 fighter"),
        ("NIT", "3 infantry, 1 artillery, 1 tank"),
        ("ALB", "1 infantry"),
        ("LIB", "2 infantry, 1 artillery"),
        ("CYR", "2 infantry, 1 tank"),
        ("ETH", "3 infantry"),
        ("ISO", "1 infantry"),
        ("sea 12.0 39.5", "1 battleship, 1 cruiser, 1 transport"),
        ("sea 18.0 38.5", "1 battleship, 1 destroyer, 1 submarine"),
    ],
    "FRA": [
        ("FRN", "6 infantry, 2 artillery, 1 tank, 1 fighter, 1 aaa"),
        ("SFR", "2 infantry"),
        ("ALG", "1 infantry"),
        ("MOR", "1 infantry"),
        ("TUN", "1 infantry"),
        ("SYR", "1 infantry"),
        ("FIC", "1 infantry"),
        ("sea -7.0 47.0", "1 battleship, 1 cruiser, 1 destroyer"),
        ("sea 5.0 42.0", "1 battleship, 1 cruiser"),
    ],
}

#: national objectives and victory conditions (the condition language, docs/conditions.md)
OBJECTIVES = """
objective GER_poland "Partition of Poland" {
  owner: GER  if: controls(GER, Poland)  bonus: 3 }
objective GER_france "Fall of France" {
  owner: GER  when: at_war(GER, FRA)  if: controls(axis, France)  bonus: 5 }
objective GER_iron_ore "Swedish iron ore" {
  owner: GER  if: not controls(allies, {Sweden, Northern Norway})  bonus: 2 }
objective GER_soviet_trade "Trade with the Soviet Union" {
  owner: GER  when: not at_war(GER, SOV)  bonus: 3 }
objective GER_lebensraum "Lebensraum" {
  owner: GER  when: at_war(GER, SOV)
  bonus: 3 * count(t in {Leningrad, Moscow, Stalingrad, Caucasus}: controls(axis, t)) }
objective SOV_buffer "Buffer zone" {
  owner: SOV  if: controls(SOV, {Eastern Poland, Baltic States})  bonus: 3 }
objective SOV_patriotic_war "Great Patriotic War" {
  owner: SOV  when: at_war(SOV, GER)
  if: controls(SOV, {Leningrad, Moscow, Stalingrad})  bonus: 5 }
objective JPN_china "Conquest of China" {
  owner: JPN  when: at_war(JPN, CHN)
  bonus: 2 * count(t in {Hunan, Szechwan, Yunnan, Shensi}: controls(axis, t)) }
objective JPN_resources "Southern resources" {
  owner: JPN  if: controls(axis, {Sumatra, Java, Borneo})  bonus: 5 }
objective USA_pacific "Pacific bases" {
  owner: USA  when: at_war(USA, JPN)
  if: controls(USA, {Philippines, Hawaiian Islands, Guam, Midway})  bonus: 5 }
objective USA_arsenal "Arsenal of democracy" {
  owner: USA  when: at_war(USA, GER)  if: controls(allies, United Kingdom)  bonus: 5 }
objective CHN_burma_road "Burma Road" {
  owner: CHN  if: controls(allies, {Burma, Yunnan})  bonus: 2 }
objective UK_empire "Lifelines of the Empire" {
  owner: UK  if: controls(UK, {Gibraltar, Malta, Egypt, Malaya})  bonus: 3 }
objective UK_convoys "Atlantic lifeline" {
  owner: UK  if: none(axis, region(atlantic), submarine)  bonus: 2 }
objective ITA_mare_nostrum "Mare Nostrum" {
  owner: ITA  if: controls(axis, {Gibraltar, Malta, Egypt})
  and none(allies, region(mediterranean), surface_warship)  bonus: 5 }
objective ITA_empire "African empire" {
  owner: ITA  if: controls(ITA, {Libya, Cyrenaica, Ethiopia})  bonus: 2 }
objective FRA_homeland "The homeland holds" {
  owner: FRA  if: controls(FRA, {France, Southern France})  bonus: 2 }
objective POL_warsaw "Warsaw stands" {
  owner: POL  if: controls(POL, Poland)  bonus: 1 }
victory AX_world "Axis domination" { side: axis  once: true
  if: count(t in victory_cities(): controls(axis, t)) >= 16
  effect: declare_winner(axis) }
victory AL_world "Allied victory" { side: allies  once: true
  if: controls(allies, {Germany, Italy, Japan})  effect: declare_winner(allies) }
"""


# ---------------------------------------------------------------------------------------
# the Global War 1936 scenario (ruleset global_war; seeds/000, rules-notes/000 §2)

GW1936_ID = "global-war-1936"
#: the same set-up on the global_war_house ruleset (seeds/003 house rules)
GW1936_HOUSE_ID = "global-war-1936-house"
#: T 4-1: the three Alliances at the start of 1936 (KMT China with the Allies, under US
#: control; Poland a minor that Aligns with the Allies)
GW1936_ALLIANCES: list[tuple[str, str, str, list[str]]] = [
    ("axis", "Axis", "#555555", ["GER", "ITA", "JPN"]),
    ("allies", "Allies", "#3f6fb5", ["UK", "FRA", "USA", "CHN", "POL", "ABY"]),
    ("comintern", "Comintern", "#a3302c", ["SOV", "CCP"]),
]
#: T 6-1: Germany; USSR + CCP; Japan; the Commonwealth; France (with Abyssinia, which
#: France controls in the 1936 scenario, §13.2; §6.1: controlled minors act with their
#: controller); Italy; USA + KMT. Poland, a minor the table does not list, plays in the
#: Commonwealth's turn: it Aligns with Britain when the war comes (gw1936_events.txt)
GW1936_TURN_ORDER = [
    ["GER"],
    ["SOV", "CCP"],
    ["JPN"],
    ["UK", "POL"],
    ["FRA", "ABY"],
    ["ITA"],
    ["USA", "CHN"],
]
#: relations other than peace in July 1936: the Chinese Civil War (§13.3, KMT vs CCP)
#: and the Italo-Abyssinian war (§13.2)
GW1936_RELATIONS: list[tuple[str, str, str, str | None]] = [
    ("CHN", "CCP", "war", "CHN"),
    ("ITA", "ABY", "war", "ITA"),  # §13.2 "In the 1936 Scenario Italy is at war with Abyssinia"
]
#: §2.4: every Major starts on peacetime income (USA 6 of 63, GB 11: the NRS example);
#: the others are plausible guesses, the NRS values are not in the rulebook
GW1936_BANKS = {
    "GER": 18,
    "SOV": 16,
    "JPN": 14,
    "USA": 6,
    "CHN": 6,
    "UK": 11,
    "ITA": 9,
    "FRA": 12,
    "POL": 4,
    "CCP": 2,
}
#: §2.4 the NRS example: a nation's 1936 cash equals its peacetime income
GW1936_PEACETIME_INCOME = dict(GW1936_BANKS)
#: a plausible 1936 set-up in global_war unit types (the NRS set-up charts are not in the
#: rulebook); every fighter is an Early War Fighter (§15.9)
GW1936_SETUP: dict[str, list[tuple[str, str]]] = {
    "GER": [
        ("DEU", "3 infantry, 1 artillery, 1 light_armor, 1 early_war_fighter, 1 aa_artillery"),
        ("WGE", "3 infantry, 1 artillery, 1 early_war_fighter"),
        ("SGE", "2 infantry, 1 cavalry"),
        ("EPR", "2 infantry"),
        ("sea 6.0 55.0", "1 heavy_cruiser, 1 destroyer, 1 naval_transport"),
        ("sea -20.0 50.0", "1 submarine"),
    ],
    "POL": [
        ("PLD", "3 infantry, 1 cavalry"),
        ("EPL", "2 infantry"),
    ],
    "CCP": [
        ("SHE", "6 infantry, 2 militia, 1 artillery"),
    ],
    "ABY": [
        ("ETH", "2 infantry, 3 militia"),
    ],
    "SOV": [
        ("MOS", "4 infantry, 1 artillery, 1 light_armor, 1 early_war_fighter"),
        ("LEN", "3 infantry, 1 artillery"),
        ("BYE", "3 infantry, 1 cavalry"),
        # the Kiev military district: the Red Army's tank corps of the mid-1930s
        ("UKR", "4 infantry, 1 artillery, 2 light_armor, 1 early_war_fighter"),
        ("CAU", "2 infantry"),
        ("VLA", "3 infantry"),
        ("MON", "1 infantry, 1 cavalry"),
        ("sea 27.0 59.8", "1 submarine"),
    ],
    "JPN": [
        ("JAP", "3 infantry, 1 artillery, 1 early_war_fighter"),
        ("KOR", "2 infantry"),
        ("MAN", "4 infantry, 1 artillery, 1 light_armor"),
        ("FOR", "3 infantry, 1 marine"),
        ("sea 121.0 23.0", "2 naval_transport, 1 light_cruiser"),
        ("sea 141.0 34.0", "2 battleship, 1 fleet_carrier, 1 early_war_fighter, 2 destroyer"),
        ("sea 131.0 31.0", "1 heavy_cruiser, 1 naval_transport"),
    ],
    "USA": [
        ("EUS", "2 infantry, 1 early_war_fighter"),
        ("WUS", "1 infantry"),
        ("HAW", "1 infantry"),
        ("PHI", "1 infantry"),
        ("sea -158.0 19.5", "1 battleship, 1 light_cruiser"),
        ("sea -73.0 37.0", "1 battleship, 1 destroyer"),
    ],
    "CHN": [
        ("SZE", "4 infantry"),
        ("HNN", "3 infantry"),
        ("KIA", "4 infantry, 1 artillery"),
    ],
    "UK": [
        ("GBR", "3 infantry, 1 artillery, 2 early_war_fighter"),
        ("GIB", "1 infantry"),
        ("MLT", "1 infantry"),
        ("EGY", "2 infantry, 1 light_armor"),
        ("IND", "3 infantry, 1 artillery"),
        ("MAL", "1 infantry"),
        ("NSW", "1 infantry"),
        ("SAF", "1 infantry"),
        ("sea -1.0 59.5", "2 battleship, 1 fleet_carrier, 1 heavy_cruiser, 2 destroyer"),
        ("sea 30.0 33.0", "1 battleship, 1 light_cruiser"),
    ],
    "ITA": [
        ("ITL", "3 infantry, 1 artillery, 1 early_war_fighter"),
        ("NIT", "2 infantry, 1 light_armor"),
        ("LIB", "2 infantry"),
        # §13.2 the armies of the Abyssinian war (in Italian Somaliland: Eritrea is part
        # of the Ethiopia zone on this map)
        ("ISO", "6 infantry, 2 artillery, 1 light_armor, 1 early_war_fighter"),
        ("sea 12.0 39.5", "1 battleship, 1 heavy_cruiser, 1 naval_transport"),
        ("sea 18.0 38.5", "1 light_cruiser, 1 submarine"),
    ],
    "FRA": [
        ("FRN", "5 infantry, 2 artillery, 1 light_armor, 1 early_war_fighter"),
        ("SFR", "2 infantry"),
        ("ALG", "1 infantry"),
        ("SYR", "1 infantry"),
        ("FIC", "1 infantry"),
        ("sea -7.0 47.0", "1 battleship, 1 light_cruiser"),
    ],
}

#: §3, T 3-1: each Alliance scores 18 objective points, 1 VP each, at the end of the game
#: (the NRS objectives, adapted to this map's zones where the rulebook names zones or
#: conditions it does not have: technologies, rail paths). Capital ships (the 2× ratios
#: of the Mediterranean and Pacific objectives) are the two-hit ships; a neutral
#: Republican Spain (ESP) counts as Comintern for France (rules-notes/000 §2.6).
GW1936_OBJECTIVES = """
victory GW_GER_lebensraum_poland "Lebensraum: Poland" {
  side: axis  check: game_end  vp: 1  if: controls(axis, {Poland, Eastern Poland}) }
victory GW_GER_lebensraum_baltic "Lebensraum: the Baltic" {
  side: axis  check: game_end  vp: 1  if: controls(axis, Baltic States) }
victory GW_GER_lebensraum_low "Lebensraum: the Low Countries" {
  side: axis  check: game_end  vp: 1  if: controls(axis, {Denmark, Netherlands, Belgium}) }
victory GW_GER_lebensraum_balkans "Lebensraum: the Balkans" {
  side: axis  check: game_end  vp: 1  if: controls(axis, {Yugoslavia, Greece}) }
victory GW_GER_communism "Eliminate Communism" {
  side: axis  check: game_end  vp: 1
  if: controls(axis, Moscow) or controls(axis, {Leningrad, Stalingrad}) }
victory GW_GER_resources "Gain Resources" {
  side: axis  check: game_end  vp: 1  if: income(GER) > 50 }
victory GW_GER_spain "Spanish Civil War" {
  side: axis  check: game_end  vp: 1  if: controls(axis, Spain) }
victory GW_ITA_empire "Expand the Empire" {
  side: axis  check: game_end
  vp: min(2, count(t in controlled_by(ITA) - original(ITA): true)) }
victory GW_ITA_mediterranean "Mediterranean Dominance" {
  side: axis  check: game_end  vp: 1
  if: units(ITA, region(mediterranean), capital)
        >= 2 * units(allies, region(mediterranean), capital)
      or controls(axis, {Gibraltar, Egypt, Malta}) }
victory GW_ITA_fascism "Triumph of Fascism" {
  side: axis  check: game_end  vp: 1  if: controls(axis, Spain) }
victory GW_JPN_colonialism "Colonialism" {
  side: axis  check: game_end  vp: 2  if: income(JPN) > 50 }
victory GW_JPN_pacific "Pacific Security" {
  side: axis  check: game_end  vp: 1
  if: count(t in {Midway, Wake Island, Mariana Islands, Hawaiian Islands, Caroline Islands,
                  Marshall Islands}: controls(axis, t)) >= 3
      or units(JPN, region(pacific) | region(indian), capital)
           >= 2 * units(allies, region(pacific) | region(indian), capital) }
victory GW_JPN_raw_materials "Raw Materials" {
  side: axis  check: game_end
  vp: min(4, count(t in {Malaya, "French Indo-China", Philippines, Borneo, "British Borneo",
                          Java, Sumatra}: controls(axis, t))) }
victory GW_USA_monroe "Monroe Doctrine" {
  side: allies  check: game_end  vp: 1
  if: controls(allies, {Eastern United States, Central United States, Western United States,
                        Southern United States, Panama, Mexico}) }
victory GW_USA_fascism "Contain Fascism (USA)" {
  side: allies  check: game_end  vp: 1  if: income(GER) <= 24 and income(ITA) <= 10 }
victory GW_USA_communism "Contain Communism (USA)" {
  side: allies  check: game_end  vp: 1
  if: count(t in controlled_by(SOV) - original(comintern): value(t) >= 1) < 5 }
victory GW_USA_pacific "Pacific Security (USA)" {
  side: allies  check: game_end  vp: 1
  if: units(USA, region(pacific), capital) >= 2 * units(JPN, region(pacific), capital) }
victory GW_USA_empire "Maintain the Empire (USA)" {
  side: allies  check: game_end  vp: 1  if: controls(allies, {Alaska, Wake Island, Guam}) }
victory GW_USA_axis_homes "Defeat the Axis" {
  side: allies  check: game_end  vp: 1  if: controls(allies, {Germany, Italy, Japan}) }
victory GW_UK_communism "Contain Communism (GB)" {
  side: allies  check: game_end  vp: 1
  if: units(SOV, {Austria, Denmark, Spain, Norway, Northern Norway, Germany, Western Germany,
                  Southern Germany, East Prussia, Italy, Northern Italy, France,
                  Southern France, United Kingdom}, land) == 0 }
victory GW_UK_empire "Maintain the Empire (GB)" {
  side: allies  check: game_end  vp: 1  if: controls(allies, {Union of South Africa, Egypt, Aden}) }
victory GW_UK_fascism "Contain Fascism (GB)" {
  side: allies  check: game_end  vp: 1  if: income(GER) <= 24 and income(ITA) <= 10 }
victory GW_UK_mediterranean "Mediterranean Security" {
  side: allies  check: game_end  vp: 1
  if: controls(allies, {Malta, Egypt, Gibraltar})
      and units(UK, region(mediterranean), capital)
            >= 2 * units(axis, region(mediterranean), capital) }
victory GW_FEC_india "Preserve the Empire" {
  side: allies  check: game_end  vp: 1
  if: controls(allies, {India, Bengal, Northwest India, Burma, Ceylon, Malaya}) }
victory GW_ANZAC_pacific "South Pacific Security" {
  side: allies  check: game_end  vp: 1
  if: controls(allies, {New South Wales, Queensland, Western Australia, South Australia,
                        Northern Territory, New Zealand}) }
victory GW_FRA_disarm "Disarm Germany" {
  side: allies  check: game_end  vp: 1  if: income(GER) < 24 }
victory GW_FRA_communism "Eliminate Communism (France)" {
  side: allies  check: game_end  vp: 1
  if: count(t in adjacent({France, Southern France}): controls(comintern, t)) == 0
      and not controls(ESP, Spain) }
victory GW_FRA_empire "Maintain the Empire (France)" {
  side: allies  check: game_end  vp: 1
  if: controls(FRA, {France, Southern France, Algeria, Morocco, Tunisia, Syria,
                     "French Indo-China"}) }
victory GW_KMT_foreigners "Expel Foreign Influence" {
  side: allies  check: game_end  vp: 1
  if: units(axis, continental, land)
        + units(UK, continental, land)
        + units(FRA, continental, land)
        + units(USA, continental, land)
        + units(SOV, continental, land) == 0 }
victory GW_KMT_reclaim "Reclaim China" {
  side: allies  check: game_end  vp: 1
  if: count(t in {Manchuria, Formosa, Suiyuan}: controls(allies, t)) >= 2 }
victory GW_KMT_communists "Defeat the Communists" {
  side: allies  check: game_end  vp: 1
  if: units(CCP, home_china, land) == 0 }
victory GW_SOV_buffer "Buffer Zone" {
  side: comintern  check: game_end  vp: 1  if: controls(comintern, {Eastern Poland, Baltic States}) }
victory GW_SOV_worldwide "Worldwide Communism" {
  side: comintern  check: game_end
  vp: min(11, count(t in controlled_by(comintern) - original(comintern): value(t) >= 1)) }
victory GW_SOV_east "Eastern Security" {
  side: comintern  check: game_end  vp: 1  if: controls(comintern, {Moscow, Vladivostok}) }
victory GW_SOV_port "Ice Free Port" {
  side: comintern  check: game_end  vp: 1  if: controls(comintern, Turkey) }
victory GW_SOV_patriotic "Great Patriotic War" {
  side: comintern  check: game_end  vp: 1
  if: controls(comintern, {Moscow, Leningrad, Stalingrad}) }
victory GW_CCP_foreigners "Expel Foreign Influence (CCP)" {
  side: comintern  check: game_end  vp: 1
  if: units(axis, continental, land)
        + units(UK, continental, land)
        + units(FRA, continental, land)
        + units(USA, continental, land)
        + units(SOV, continental, land) == 0 }
victory GW_CCP_revolution "Inflame the Revolution" {
  side: comintern  check: game_end  vp: 2
  if: units(CCP, home_china, land) > units(CHN, home_china, land) }
"""
#: the words the objectives above use for sets the rulebook names (rules-notes/000 §1.2):
#: capital ships (the two-hit ships), Continental China (the starting KMT, CCP and
#: warlord zones) and the Chinese Home Country (with Manchuria, Hong Kong and Formosa)
GW1936_OBJECTIVE_WORDS = {
    "capital": "type(battleship, fast_battleship, heavy_battleship, fleet_carrier, heavy_carrier)",
    "continental": "{Szechwan, Hunan, Kiangsu, Shensi, Yunnan, Tibet, Kansu, Hopei, Suiyuan,"
    " Sinkiang}",
    "home_china": "{Szechwan, Hunan, Kiangsu, Shensi, Yunnan, Tibet, Kansu, Hopei, Suiyuan,"
    " Sinkiang, Manchuria, Kwangtung, Formosa}",
}


def _objective_text() -> str:
    """GW1936_OBJECTIVES with the words of GW1936_OBJECTIVE_WORDS spelled out."""
    text = GW1936_OBJECTIVES
    for word, spelled in GW1936_OBJECTIVE_WORDS.items():
        text = re.sub(rf"\b{word}\b", spelled, text)
    return text


def gw1936_events_text() -> str:
    """The 1936 scenario's events (gates for declarations of war, historical events,
    pacts): ``resources/conditions/gw1936_events.txt``."""
    from gamecore.paths import resource

    return resource("conditions", "gw1936_events.txt").read_text(encoding="utf-8")


def _alliances_relations_owners(sc, m, rows, alliances, relations, owners) -> None:
    """A scenario's alliances, its relations (every playable pair at peace, then the
    listed ones) and the owner of each land zone (``owners`` overrides the map's table)."""
    for aid, name, colour, members in alliances:
        sc.alliances[aid] = Alliance(aid, name, list(members), colour)
    playable = [n[0] for n in NATIONS if n[4]]
    for i, a in enumerate(playable):
        for b in playable[i + 1 :]:
            sc.set_relation(a, b, "peace")
    for a, b, status, by in relations:
        sc.set_relation(a, b, status, by)
    for z in m.zones.values():
        if z.kind != "land":
            continue
        owner = owners.get(z.code, rows[z.code].owner)
        sc.ownership[z.id] = Ownership(owner, owner)


def _scenario_1936(
    pack: Pack,
    rows,
    by_code,
    seas,
    sid: str = GW1936_ID,
    name: str = "Global War: July 1936",
    ruleset: str = "global_war",
) -> Scenario:
    """The ``global-war-1936`` scenario on the same map: July 1936 to July 1945, 18 turns
    of six months (§2.1, §6.1), every Major at peace (§2.1: the Majors start on peacetime
    income), the three Alliances of T 4-1, the turn order of T 6-1. The same set-up under
    another id and ruleset gives its variants (the house rules)."""
    m = pack.map
    sc = Scenario(sid, name, ruleset=ruleset)
    sc.start = "1936-07"  # §6.1 "July 1936 is the first turn of the Global War scenario"
    sc.calendar = "6-months"
    sc.rounds = 18  # §2.1 "The game ends in July 1945 (18 turns)"
    sc.turn_order = [list(slot) for slot in GW1936_TURN_ORDER]
    # the Chinese Civil War (§13.3): the KMT and the CCP are at war from the start
    _alliances_relations_owners(sc, m, rows, GW1936_ALLIANCES, GW1936_RELATIONS, GW1936_OWNERS)
    for nation, entries in GW1936_SETUP.items():
        for where, units in entries:
            if where.startswith("sea "):
                _, lon, lat = where.split()
                zid = seas.at(float(lon), float(lat))
            else:
                zid = by_code[where].id
            for unit, count in _units(units):
                sc.units.append(UnitStack(zid, nation, unit, count))
    sc.banks = dict(GW1936_BANKS)
    from gamecore.conditions import rules_to_objectives

    for obj in rules_to_objectives(_objective_text() + _objective_city_rules(pack, sc)):
        sc.objectives[obj.id] = obj
    # §4-§5, §13-§14: the declarations-of-war gates, historical events and pacts, written
    # in the condition language (resources/conditions/gw1936_events.txt)
    for obj in rules_to_objectives(gw1936_events_text()):
        sc.objectives[obj.id] = obj
    sc.props["sources"] = (
        "seeds/000 §2.1, §2.4, §3.2, §4-§5, §13-§14, T 4-1, T 6-1; rules-notes/000 §2"
    )
    # §3.2 the ten Objective Cities; §2.4 peacetime income (what each nation collects
    # until it is at war with a Major) and the wartime income it rises to (the value of
    # its starting zones), for the rules that raise it
    sc.props["objective_cities"] = [by_code[c].id for c in GW_OBJECTIVE_CITIES]
    wartime: dict[str, int] = {}
    for zid, o in sorted(sc.ownership.items()):
        if o.owner:
            wartime[o.owner] = wartime.get(o.owner, 0) + m.zones[zid].value
    sc.props["peacetime_income"] = dict(GW1936_PEACETIME_INCOME)
    sc.props["wartime_income"] = {n: wartime.get(n, 0) for n in sorted(GW1936_PEACETIME_INCOME)}
    return sc


def _objective_city_rules(pack: Pack, sc: Scenario) -> str:
    """§3.2: +1 VP to an Alliance for each Objective City it holds at the end that an
    opposing player held at the start (conditions in the condition language)."""
    m = pack.map
    out = []
    for aid in sorted(sc.alliances):
        names = [
            m.zone_by_code(c).name
            for c in GW_OBJECTIVE_CITIES
            if sc.alliance_of(sc.owner_of(m.zone_by_code(c).id) or "") not in (None, aid)
        ]
        targets = ", ".join(f'"{n}"' for n in names)
        out.append(
            f'victory GW_{aid.upper()}_objective_cities "Objective Cities ({aid})" {{\n'
            f"  side: {aid}  check: game_end\n"
            f"  vp: count(t in {{{targets}}}: controls({aid}, t)) }}\n"
        )
    return "\n" + "".join(out)


# ---------------------------------------------------------------------------------------
# building


def geodata_dir() -> Path:
    from gamecore.paths import resource

    return resource("geodata")


def _key(f: GeoFeature) -> str:
    iso = f.props.get("iso_a3")
    return str(iso) if iso and iso != "-99" else str(f.props.get("name"))


@dataclass
class _Row:
    code: str
    name: str
    owner: str
    value: int
    region: str
    kind: str  # "countries", "seed", "carve", "island"
    countries: tuple[str, ...] = ()
    group: str = ""
    point: tuple[float, float] = (0.0, 0.0)
    boxes: tuple[tuple[tuple[str, ...], tuple[float, float, float, float]], ...] = ()


def _rows() -> list[_Row]:
    rows = []
    for region, entries in LAND.items():
        for code, name, owner, value, src in entries:
            row = _Row(code, name, owner, value, region, "countries")
            if src.startswith("@"):
                group, lon, lat = src[1:].split()
                row.kind, row.group, row.point = "seed", group, (float(lon), float(lat))
            elif src.startswith("island"):
                _, lon, lat = src.split()
                row.kind, row.point = "island", (float(lon), float(lat))
            elif src.startswith("carve"):
                boxes, extra = [], []
                for part in src.split(";"):
                    words = part.split()
                    if words[0] == "carve":
                        isos = tuple(words[1].split(","))
                        boxes.append((isos, tuple(float(v) for v in words[2:6])))
                    else:
                        extra.extend(words)
                row.kind, row.boxes, row.countries = "carve", tuple(boxes), tuple(extra)
            else:
                row.countries = tuple(src.split())
            rows.append(row)
    return rows


def _shift_x(geom: BaseGeometry, dx: float) -> BaseGeometry:
    return shapely.transform(geom, lambda c: c + np.array([dx, 0.0]))


def _split_by_seeds(
    geom: BaseGeometry, seeds: list[tuple[float, float]], width: float
) -> list[BaseGeometry]:
    """Voronoi cells of ``seeds`` (map coordinates) cut from ``geom``. Parts of ``geom``
    beyond the antimeridian seam (at the far west edge while the seeds lie east) are
    moved one map width east for the split and back afterwards."""
    parts = list(shapely.get_parts(geom))
    xs = [s[0] for s in seeds]
    east = min(xs) > width / 2
    if east:
        parts = [_shift_x(p, width) if p.bounds[2] < width * 0.1 else p for p in parts]
    whole = shapely.union_all(parts)
    if len(seeds) == 1:
        cells = [whole]
    else:
        x0, y0, x1, y1 = whole.bounds
        pad = max(x1 - x0, y1 - y0, 1.0)
        env = box(x0 - pad, y0 - pad, x1 + pad, y1 + pad)
        vor = shapely.voronoi_polygons(shapely.multipoints(seeds), extend_to=env, ordered=True)
        cells = [shapely.intersection(whole, c) for c in shapely.get_parts(vor)]
    out = []
    for c in cells:
        if east and c.bounds[2] > width:
            inside = shapely.clip_by_rect(c, -width, -1e9, width, 1e9)
            beyond = shapely.clip_by_rect(c, width, -1e9, 3 * width, 1e9)
            c = shapely.union_all([inside, _shift_x(beyond, -width)])
        out.append(c)
    return out


def _land(proj: MapProjection, countries: dict[str, BaseGeometry]) -> list[LandPiece]:
    rows = _rows()
    used: set[str] = set()
    geo = dict(countries)
    # carvings first: they take their boxes out of the countries
    carved: dict[str, BaseGeometry] = {}
    for row in rows:
        if row.kind != "carve":
            continue
        bits = []
        for isos, bbox in row.boxes:
            b = box(*bbox)
            for iso in isos:
                bits.append(shapely.intersection(geo[iso], b))
                geo[iso] = shapely.difference(geo[iso], b)
                used.add(iso)
        for iso in row.countries:
            bits.append(geo[iso])
            used.add(iso)
        carved[row.code] = shapely.union_all(bits)
    groups: dict[str, list[_Row]] = {}
    for row in rows:
        if row.kind == "seed":
            groups.setdefault(row.group, []).append(row)
    lonlat: dict[str, BaseGeometry] = dict(carved)
    for row in rows:
        if row.kind == "countries":
            lonlat[row.code] = shapely.union_all([geo[i] for i in row.countries])
            used.update(row.countries)
    codes = [r.code for r in rows if r.code in lonlat]
    projected = dict(zip(codes, proj.project([lonlat[c] for c in codes]), strict=True))
    for gname, members in groups.items():
        isos = GROUPS[gname].split()
        used.update(isos)
        whole = proj.project(shapely.union_all([geo[i] for i in isos]))
        seeds = [proj.point(*r.point) for r in members]
        for r, cell in zip(members, _split_by_seeds(whole, seeds, proj.width), strict=True):
            projected[r.code] = cell
    for row in rows:
        if row.kind == "island":
            x, y = proj.point(*row.point)
            projected[row.code] = Point(x, y).buffer(ISLAND_RADIUS, quad_segs=4)
    missing = sorted(set(countries) - used - set(DROPPED))
    if missing:
        raise ValueError(f"countries not used by any zone: {missing}")
    pieces = []
    for row in rows:
        g = shapely.make_valid(projected[row.code])
        polys = [p for p in shapely.get_parts(g) if p.geom_type in ("Polygon", "MultiPolygon")]
        g = shapely.union_all(polys) if polys else shapely.Polygon()
        pieces.append(LandPiece(row.code, row.name, g, region=row.region))
    return pieces


FACILITY_OF = {"M": "major_ic", "m": "minor_ic", "N": "naval_base", "A": "air_base"}
#: a naval base serves the sea zones next to its zone within this distance of the city
PORT_REACH = 30.0


class _Seas:
    """Sea-zone lookups by lon/lat on the built map."""

    def __init__(self, m: Map, proj: MapProjection):
        self.m = m
        self.proj = proj
        self.ids = sorted(z.id for z in m.zones.values() if z.kind == "sea")
        self.geoms = np.array([m.zones[i].geometry for i in self.ids], dtype=object)
        self.tree = shapely.STRtree(self.geoms)

    def at_xy(self, x: float, y: float) -> int:
        p = Point(x, y)
        hit = self.tree.query(p, predicate="intersects")
        if len(hit):
            return self.ids[int(min(hit))]
        return self.ids[int(self.tree.query_nearest(p, all_matches=False)[0])]

    def at(self, lon: float, lat: float) -> int:
        return self.at_xy(*self.proj.point(lon, lat))


def _ocean_of(lon: float, lat: float) -> str:
    """A rough ocean tag for a sea zone's label point."""
    if lat >= 66.0:
        return "arctic"
    if (20.0 <= lon <= 100.0 and lat < 30.0) or (100.0 < lon <= 125.0 and lat < -9.0):
        return "indian"
    pacific_edge = -105.0 if lat > 15 else -85.0 if lat > 8 else -78.0 if lat > -20 else -72.0
    if pacific_edge < lon < 25.0:
        return "atlantic"
    return "pacific"


def _units(text: str) -> list[tuple[str, int]]:
    out = []
    for part in text.split(","):
        count, unit = part.split()
        out.append((unit, int(count)))
    return out


def build_sample(geo_dir: str | Path | None = None, progress=None) -> Pack:
    """The "World 1939" pack, built from the Natural Earth files in ``geo_dir``."""
    from gamecore.conditions import rules_to_objectives
    from gamecore.geometry.adjacency import map_adjacency
    from gamecore.geometry.queries import stack_slots

    src = Path(geo_dir) if geo_dir is not None else geodata_dir()
    feats = read_geojson(src / "ne_110m_countries.geojson")
    countries = {}
    for f in feats:
        countries[_key(f)] = shapely.make_valid(f.geometry)
    proj = fit_projection(PROJECTION, WIDTH, BBOX)
    pieces = _land(proj, countries)
    # enclosed water under 400 map units² (e.g. a sliver of Arctic sea cut off by the
    # crop at 80°N beside Svalbard) joins the land; the Caspian stays a lake
    opts = ImportOptions(projection=PROJECTION, width=WIDTH, bbox=BBOX, min_lake_area=400.0)
    m = build_map(
        pieces,
        proj,
        sea_zones=SEA_ZONES,
        cuts=[line for _, line in CUTS],
        basins=[(lon, lat, n, tag) for tag, lon, lat, n in BASINS],
        min_area=opts.min_area,
        min_lake_area=opts.min_lake_area,
        wrap_x=True,
        name="World 1939",
        seed=1939,
        progress=progress,
    )
    rows = {r.code: r for r in _rows()}
    by_code = {z.code: z for z in m.zones.values()}
    adj = map_adjacency(m)
    seas = _Seas(m, proj)

    # land zones: value, flags (terrain: _global_war_map, from the roundels)
    for z in m.zones.values():
        if z.kind != "land":
            continue
        z.value = rows[z.code].value
        if not any(m.zones[n].kind == "land" for n in adj[z.id]):
            z.set_flag("island")
    # sea zones: names and ocean tags
    taken: set[int] = set()
    for name, lon, lat in NAMED_SEAS:
        x, y = proj.point(lon, lat)
        for z in m.zones.values():
            if z.is_water and z.id not in taken and shapely.contains_xy(z.geometry, x, y):
                z.name = name
                taken.add(z.id)
                break
    for z in m.zones.values():
        if z.kind == "sea" and not z.region:  # basins keep their own tag
            lon, lat = proj.inverse([z.label[0]], [z.label[1]])
            z.region = _ocean_of(float(lon[0]), float(lat[0]))

    # unit-stack slots: up to four on land and three at sea, SLOT_RADIUS apart
    m.props["slot_radius"] = SLOT_RADIUS
    for z in m.zones.values():
        z.slots = [z.label] if z.label else []
        for n in range(4 if z.kind == "land" else 3, 0, -1):
            try:
                z.slots = stack_slots(z.geometry, n, radius=SLOT_RADIUS / 2.0)
                break
            except GeometryError:
                continue

    # cities, capitals, victory cities, facilities
    capitals: dict[str, int] = {}
    for name, lon, lat, code, tags in CITIES:
        z = by_code[code]
        x, y = proj.point(lon, lat)
        z.set_flag("city")
        z.props.setdefault("cities", []).append({"name": name, "at": [x, y]})
        for tag in tags.split():
            if tag == "C":
                z.set_flag("capital")
                capitals[rows[code].owner] = z.id
            elif tag == "V":
                z.set_flag("victory_city")
            else:
                if any(
                    g.zone == z.id and g.type == FACILITY_OF[tag] for g in m.facilities.values()
                ):
                    continue  # one facility of a type per zone (rules-notes/004 §5.15)
                fid = m.next_id("facilities")
                f = Facility(
                    fid, z.id, FACILITY_OF[tag], props={"city": name, "scenarios": ["1939"]}
                )
                if f.type == "naval_base":
                    near = [n for n in adj[z.id] if m.zones[n].kind == "sea"]
                    dist = {n: m.zones[n].geometry.distance(Point(x, y)) for n in near}
                    ranked = sorted(near, key=lambda n: (dist[n], n))
                    f.serves = sorted(
                        n for i, n in enumerate(ranked) if i == 0 or dist[n] <= PORT_REACH
                    )[:2]
                m.facilities[fid] = f

    # canals and straits
    for name, pa, pb, controllers in CANALS:
        a, b = seas.at(*pa), seas.at(*pb)
        if a == b:
            raise ValueError(f"{name}: both ends lie in sea zone {m.zones[a].code}")
        lid = m.next_id("links")
        ctrl = [by_code[c].id for c in controllers]
        m.links[lid] = Link(lid, "canal", min(a, b), max(a, b), name, controllers=ctrl)
    for name, ca, cb, via in STRAITS:
        a, b = by_code[ca].id, by_code[cb].id
        lid = m.next_id("links")
        m.links[lid] = Link(lid, "strait", min(a, b), max(a, b), name, via=seas.at(*via))

    # convoy lines: the chain of sea zones the route crosses
    for name, nation, ipc, start, end, route in CONVOYS:
        _convoy_line(m, proj, adj, by_code, name, {nation: ipc}, start, end, route, "1939")

    _global_war_map(m, proj, by_code, adj, seas)

    pack = Pack(map=m)
    pack.meta = {
        "title": "World 1939",
        "description": (
            "The world of September 1939 on Natural Earth 1:110m geography: "
            f"{sum(1 for z in m.zones.values() if z.kind == 'land')} land zones, "
            f"{sum(1 for z in m.zones.values() if z.kind == 'sea')} sea zones, "
            "the g40 ruleset (1939) and the global_war ruleset (1936)."
        ),
        "source": "Natural Earth (public domain), see resources/geodata/README.md",
        "built_by": "python -m gamecore.interop.sample_world",
    }
    home: dict[str, list[int]] = {}
    for z in m.zones.values():
        if z.kind == "land":
            home.setdefault(rows[z.code].owner, []).append(z.id)
    for nid, name, colour, kind, playable, alignment in NATIONS:
        props = {"alignment": alignment} if alignment else {}
        pack.nations[nid] = Nation(
            nid,
            name,
            colour,
            kind,
            playable,
            capitals.get(nid),
            sorted(home.get(nid, [])),
            props=props,
        )
    for nid, name, colour, kind, capital, alignment in GW_NATIONS:
        props = {"alignment": alignment} if alignment else {}
        props["scenarios"] = [GW1936_ID]
        zones = sorted(by_code[c].id for c, o in GW1936_OWNERS.items() if o == nid)
        pack.nations[nid] = Nation(
            nid, name, colour, kind, False, by_code[capital].id, zones, props=props
        )
    sc = Scenario("1939", "World War II: September 1939", ruleset="g40")
    sc.start = "1939-09"
    sc.calendar = "6-months"
    sc.turn_order = [[n] for n in TURN_ORDER]
    _alliances_relations_owners(sc, m, rows, ALLIANCES, RELATIONS, {})
    for z in m.zones.values():
        if z.kind != "land":
            continue
        owner = rows[z.code].owner
        gw_owner = GW1936_OWNERS.get(z.code, owner)
        if pack.nations[owner].kind == "neutral" or pack.nations[gw_owner].kind == "neutral":
            # only a neutral owner's zone calls its standing army up: zones neutral in
            # 1936 alone carry one too, unused in 1939
            z.props["standing_army"] = max(1, 2 * z.value)
    for nation, entries in SETUP.items():
        for where, units in entries:
            if where.startswith("sea "):
                _, lon, lat = where.split()
                zid = seas.at(float(lon), float(lat))
            else:
                zid = by_code[where].id
            for unit, count in _units(units):
                sc.units.append(UnitStack(zid, nation, unit, count))
    for nid in (n[0] for n in NATIONS if n[4]):
        sc.banks[nid] = sum(m.zones[z].value for z in home.get(nid, []))
    for obj in rules_to_objectives(OBJECTIVES):
        sc.objectives[obj.id] = obj
    pack.scenarios[sc.id] = sc
    gw = _scenario_1936(pack, rows, by_code, seas)
    pack.scenarios[gw.id] = gw
    # the 1936 set-up with the house rules of seeds/003 (resources/rulesets/
    # global_war_house.toml, docs/house_rules.md): every map item scoped to the 1936
    # scenario belongs to it too; the other scenarios' data do not change
    house = _scenario_1936(
        pack,
        rows,
        by_code,
        seas,
        GW1936_HOUSE_ID,
        "Global War: July 1936 (house rules)",
        "global_war_house",
    )
    house.props["sources"] += "; seeds/003 (house rules)"
    pack.scenarios[house.id] = house
    _share_scenario(pack, GW1936_ID, GW1936_HOUSE_ID)
    return pack


def _share_scenario(pack: Pack, sid: str, also: str) -> None:
    """Every map item and nation scoped to scenario ``sid`` (``props["scenarios"]``) is in
    scenario ``also`` too."""
    m = pack.map
    items = [*m.facilities.values(), *m.lines.values(), *m.links.values(), *pack.nations.values()]
    for item in items:
        only = item.props.get("scenarios")
        if only and sid in only and also not in only:
            item.props["scenarios"] = [*only, also]


# ---------------------------------------------------------------------------------------
# the Global War map layer


def _land_path(m: Map, points: list[tuple[float, float]]) -> list[int]:
    """The land zones a polyline crosses, in order (consecutive duplicates removed)."""
    line = shapely.LineString(points)
    hits = []
    for zid, z in sorted(m.zones.items()):
        if z.kind != "land" or not z.geometry.intersects(line):
            continue
        for piece in shapely.get_parts(line.intersection(z.geometry)):
            if piece.length <= 0:
                continue
            mid = piece.interpolate(0.5, normalized=True)
            if z.geometry.contains(mid):
                hits.append((line.project(mid), zid))
    hits.sort()
    out: list[int] = []
    for _, zid in hits:
        if not out or out[-1] != zid:
            out.append(zid)
    return out


def _border(m: Map, a: int, b: int) -> Border:
    key = border_key(a, b)
    if key not in m.borders:
        m.borders[key] = Border(*key)
    return m.borders[key]


def _convoy_line(m, proj, adj, by_code, name, values, start, end, route, scenario) -> None:
    """A convoy line along the lon/lat ``route`` (the chain of sea zones it crosses), with
    per-nation ``values``, in one scenario only."""
    xy = np.column_stack(proj.forward(*np.asarray(route, dtype=float).T))
    points = [(float(a), float(b)) for a, b in xy]
    path = zones_along(m, points, ("sea",))
    for a, b in zip(path, path[1:], strict=False):
        if b not in adj[a]:
            raise ValueError(
                f"{name}: the route jumps from sea zone {m.zones[a].code} to "
                f"{m.zones[b].code}; move its waypoints off the land"
            )
    lid = m.next_id("lines")
    m.lines[lid] = Line(
        lid,
        "convoy",
        name,
        points,
        path,
        by_code[start].id,
        by_code[end].id,
        values,
        props={"scenarios": [scenario]},
    )


def _global_war_map(m: Map, proj: MapProjection, by_code, adj, seas: _Seas) -> None:
    """Roundels, terrain areas, rail lines, rivers, narrow crossings, convoy lines and
    facilities of the Global War ruleset (seeds/000 §1)."""
    from gamecore.geometry.adjacency import shared_border

    land = {zid: z for zid, z in sorted(m.zones.items()) if z.kind == "land"}

    # the Objective Cities (§3.2) are known by their city's name too
    for c, city in GW_OBJECTIVE_CITIES.items():
        z = by_code[c]
        if city != z.name:
            z.props["aliases"] = sorted({*z.props.get("aliases", ()), city})

    # roundels (§1.7)
    first: dict[str, tuple[int, float, float]] = {}
    for i, (_name, lon, lat, code, tags) in enumerate(CITIES):
        rank = 0 if "C" in tags.split() else 1 if "V" in tags.split() else 2
        if code not in first or (rank, i) < first[code][0]:
            first[code] = ((rank, i), lon, lat)
    for z in land.values():
        pt = None
        if z.code in ROUNDELS:
            pt = proj.point(*ROUNDELS[z.code])
            if not shapely.contains_xy(z.geometry, *pt):
                raise ValueError(f"roundel of {z.code} at {ROUNDELS[z.code]} is outside the zone")
        elif z.code in first:
            pt = proj.point(first[z.code][1], first[z.code][2])
            if not shapely.contains_xy(z.geometry, *pt):
                pt = None  # a city on a coast the 1:110m outline misses
        z.roundel = (float(pt[0]), float(pt[1])) if pt is not None else z.label

    # terrain areas, clipped to the zones; zone terrain = the area holding the roundel
    polys = proj.project([shapely.Polygon(pts) for _, _, pts in TERRAIN_AREAS])
    taken: dict[int, BaseGeometry] = {}
    for (name, terrain, _), g in zip(TERRAIN_AREAS, polys, strict=True):
        for zid, z in land.items():
            if not z.geometry.intersects(g):
                continue
            part = shapely.intersection(z.geometry, g)
            if zid in taken:
                part = shapely.difference(part, taken[zid])
            bits = [p for p in shapely.get_parts(shapely.make_valid(part)) if p.area > 0]
            bits = [p for p in bits if p.geom_type in ("Polygon", "MultiPolygon")]
            if not bits:
                continue
            part = shapely.union_all(bits)
            if part.area < MIN_TERRAIN_AREA:
                continue
            tid = m.next_id("terrain_areas")
            m.terrain_areas[tid] = TerrainArea(tid, zid, terrain, part, props={"name": name})
            taken[zid] = part if zid not in taken else shapely.union(taken[zid], part)
    for z in land.values():
        z.terrain = "clear"
        for t in m.terrain_areas.values():
            if t.zone == z.id and z.roundel and shapely.contains_xy(t.geometry, *z.roundel):
                z.terrain = t.terrain
                break

    # rail lines (§1.14): each crossed border carries the line's gauge
    water = [z.geometry for z in m.zones.values() if z.is_water]
    for name, gauge, stations in RAILWAYS:
        xy = np.column_stack(proj.forward(*np.asarray(stations, dtype=float).T))
        points = [(float(a), float(b)) for a, b in xy]
        track = shapely.LineString(points)
        wet = sum(track.intersection(w).length for w in water if w.intersects(track))
        if wet > 1e-9 * m.width:
            raise ValueError(f"rail line {name} runs {wet:.3g} map units over water")
        path = _land_path(m, points)
        for a, b in zip(path, path[1:], strict=False):
            if b not in adj[a]:
                raise ValueError(
                    f"rail line {name} jumps from {m.zones[a].code} to {m.zones[b].code}"
                )
            border = _border(m, a, b)
            border.rail_gauge = border.rail_gauge or gauge
        lid = m.next_id("lines")
        m.lines[lid] = Line(lid, "rail", name, points, path, path[0], path[-1], gauge=gauge)

    # rivers (§1.12): a border runs along a river where most of it lies near the course
    for name, course in RIVERS:
        xy = np.column_stack(proj.forward(*np.asarray(course, dtype=float).T))
        points = [(float(a), float(b)) for a, b in xy]
        river = shapely.LineString(points)
        path = _land_path(m, points)
        lid = m.next_id("lines")
        m.lines[lid] = Line(lid, "river", name, points, path, path[0], path[-1])
        reach = river.buffer(RIVER_REACH)
        near = [zid for zid in land if land[zid].geometry.intersects(reach)]
        for i, a in enumerate(near):
            for b in near[i + 1 :]:
                if b not in adj[a] or (land[a].code, land[b].code) in RIVER_NOT:
                    continue
                common = shared_border(land[a].geometry, land[b].geometry)
                if common.is_empty or common.length <= 0:
                    continue
                beside = common.intersection(reach).length
                if beside >= RIVER_SHARE * common.length and beside >= RIVER_MIN_LENGTH:
                    border = _border(m, a, b)
                    border.river = True
                    border.props.setdefault("rivers", []).append(name)

    # narrow crossings (§1.20)
    for name, ca, cb, limit, via in NARROW_CROSSINGS:
        a, b = by_code[ca].id, by_code[cb].id
        vias = sorted({seas.at(*p) for p in via})
        for s in vias:
            if s not in adj[a] or s not in adj[b]:
                raise ValueError(f"{name}: sea zone {m.zones[s].code} does not touch both ends")
        border = _border(m, a, b)
        border.crossing_limit = limit
        border.props.update({"name": name, "via": vias})

    # convoy lines with per-nation values (§1.6), only in the 1936 scenario
    for name, values, start, end, route in GW_CONVOYS:
        _convoy_line(m, proj, adj, by_code, name, dict(values), start, end, route, GW1936_ID)

    # facilities of 1936 in global_war types (§12.3-§12.10)
    for code, types in GW_FACILITIES.items():
        z = by_code[code]
        for ftype in types.split():
            same = [g for g in m.facilities.values() if g.zone == z.id and g.type == ftype]
            if same:  # a 1939 facility of a type both rulesets know: shared
                same[0].props["scenarios"] = sorted([*same[0].props["scenarios"], GW1936_ID])
                continue
            fid = m.next_id("facilities")
            f = Facility(fid, z.id, ftype, props={"scenarios": [GW1936_ID]})
            if any(k in ftype for k in GW_SERVES_SEA):
                near = [n for n in adj[z.id] if m.zones[n].kind == "sea"]
                if not near:
                    raise ValueError(f"{ftype} in land-locked {code}")
                at = Point(z.roundel)
                dist = {n: m.zones[n].geometry.distance(at) for n in near}
                ranked = sorted(near, key=lambda n: (dist[n], n))
                f.serves = sorted(
                    n for i, n in enumerate(ranked) if i == 0 or dist[n] <= PORT_REACH
                )[:2]
            m.facilities[fid] = f


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gamecore.interop.sample_world",
        description='Build the bundled sample pack "World 1939".',
    )
    parser.add_argument("out", help="the .warroom file to write")
    parser.add_argument("--geodata", help="folder with the Natural Earth GeoJSON files")
    args = parser.parse_args(argv)
    from gamecore.store import write_pack

    start = time.perf_counter()
    pack = build_sample(args.geodata)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    if out.exists():
        out.unlink()
    write_pack(pack, out)
    m = pack.map
    kinds = {k: sum(1 for z in m.zones.values() if z.kind == k) for k in ("land", "sea", "lake")}
    print(
        f"{out}: {kinds['land']} land zones, {kinds['sea']} sea zones, {kinds['lake']} lakes, "
        f"{len(m.facilities)} facilities, {len(m.links)} links, {len(m.lines)} lines "
        f"in {time.perf_counter() - start:.1f} s"
    )
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
