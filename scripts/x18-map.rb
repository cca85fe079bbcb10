#!/usr/bin/env ruby
# frozen_string_literal: true

# x18-map.rb TITLE CATALOGUE_NAME  >  draft
#   A first draft of a title's printed map, read from the 18xx.games engine
#   itself (never its code): each hex's address, printed tile, name, labels,
#   terrain cost, the impassable borders, and the catalogue entries of its
#   printed tiles and of the laid tiles our standard catalogue lacks. The
#   draft is checked by hand and by datadiff.rb before it becomes data.
#   Printed tiles are named after the place (or "TITLE HEX" where none is
#   printed), drawn in 18xx.games's orientation at rotation 0.
# Env: X18_SRC (lib/ of tobymao/18xx), X18_TOOLS (default ../shared/x18).
tools = ENV['X18_TOOLS'] || File.expand_path('../../shared/x18', __dir__)
require File.join(tools, 'x18lib')

FACES = %w[Bottom LowerLeft UpperLeft Top UpperRight LowerRight].freeze
COLOURS = { white: 'Blank', yellow: 'Yellow', green: 'Green', brown: 'Brown', gray: 'Grey', red: 'Red',
            blue: 'Blue' }.freeze

# 1849 prints its gray hexes' values as white, gray and black: the phases
# whose off-board colour is yellow, brown and grey pay them
BLACK_SCALE = { white: :yellow, gray: :brown, black: :gray }.freeze

def fmt_revenue(rev)
  return [rev, nil] unless rev.is_a?(Hash)
  return [rev.values.first, nil] if rev.values.uniq.size == 1

  rev = rev.transform_keys { |k| BLACK_SCALE.fetch(k) } if rev.key?(:black)

  list = rev.reject { |k, _| k == :diesel }.map { |k, v| "(#{COLOURS.fetch(k)}, #{v})" }
  [rev.values.first, "[#{list.join(', ')}]"]
end

def node_end(tile, node)
  if node.city? || node.offboard?
    stops = tile.cities + tile.offboards
    "City(#{stops.index(node)})"
  else
    "Town(#{tile.towns.index(node)})"
  end
end

def tile_ron(name, tile, colour = nil)
  colour ||= COLOURS.fetch(tile.color)
  out = ["    (", "        name: #{name.inspect}, colour: #{colour},"]
  phase = nil
  stops = tile.cities + tile.offboards
  unless stops.empty?
    at = stops.size == 1 ? [[0.0, 0.0]] : stops.each_index.map { |i| [-0.4 + 0.8 * i / (stops.size - 1), 0.0] }
    cities = stops.each_with_index.map do |c, i|
      rev, pr = fmt_revenue(c.revenue)
      phase ||= pr
      spaces = c.offboard? ? 0 : c.slots
      format('(revenue: %<r>d, spaces: %<s>d, at: (%<x>.2f, %<y>.2f))', r: rev, s: spaces, x: at[i][0], y: at[i][1])
    end
    out << "        cities: [#{cities.join(', ')}],"
  end
  unless tile.towns.empty?
    towns = tile.towns.map do |t|
      rev, pr = fmt_revenue(t.revenue)
      phase ||= pr
      style = t.paths.size == 2 ? 'Bar' : 'Circle'
      halt = t.halt? ? ', halt: true' : '' # a halt: no route begins or ends there
      "(revenue: #{rev}, at: (0.00, 0.00), style: #{style}#{halt})"
    end
    out << "        towns: [#{towns.join(', ')}],"
  end
  track = []
  junction = Hash.new { |h, k| h[k] = [] }
  tile.paths.each do |p|
    a, b = p.a, p.b
    # a path's gauge (1849, 1858, 1844): absent for broad, the engine's default
    g = p.track == :broad ? '' : ", (gauge: #{p.track.to_s.capitalize})"
    if a.edge? && b.edge?
      track << "(#{FACES[a.num]}, #{FACES[b.num]}#{g})"
    elsif (a.respond_to?(:junction?) && a.junction?) || (b.respond_to?(:junction?) && b.junction?)
      e = a.edge? ? a : b
      junction[:j] << [e.num, p.track]
    else
      e, n = a.edge? ? [a, b] : [b, a]
      track << "(#{FACES[e.num]}, #{node_end(tile, n)}#{g})" if e.edge?
      track << "(#{node_end(tile, a)}, #{node_end(tile, b)}#{g})" unless a.edge? || b.edge?
    end
  end
  # two sides of a junction joined straight, of the gauge both legs serve
  # (1858's X4 and 84-86 are metre gauge); a broad and a metre leg never join
  junction.each_value do |es|
    es.sort.combination(2).each do |(x, gx), (y, gy)|
      g = gx == gy || gy == :dual ? gx : gy
      next if [gx, gy].sort == %i[broad narrow]

      track << "(#{FACES[x]}, #{FACES[y]}#{g == :broad ? '' : ", (gauge: #{g.to_s.capitalize})"})"
    end
  end
  track.uniq!
  out << "        track: [#{track.join(', ')}]," unless track.empty?
  labels = tile.labels.map { |l| l.to_s.inspect }
  out << "        labels: [#{labels.join(', ')}]," unless labels.empty?
  out << "        phase_revenue: #{phase}," if phase
  out << '    ),'
  out.join("\n")
end

title, catname = ARGV
klass = X18.load_engine(title)
game = klass.new(%w[P1 P2 P3 P4])
std = File.read(File.expand_path('../catalogues/standard.ron', __dir__)).scan(/name: "([^"]+)"/).flatten

cat = []
hexes = []
seen_borders = {}
barriers = []
game.hexes.sort_by { |h| [h.id[/[A-Za-z]+/].to_s, h.id[/\d+/].to_i] }.each do |h|
  t = h.tile
  entry = "(at: #{h.id.inspect}"
  # a blue hex (water, or 1817NA's ports no train can reach: off-boards of
  # visit cost 99) is a plain hex, as games/1817.ron has its C12; a blue
  # off-board a train may reach (1849's ports) is printed
  reachable = t.offboards.any? { |o| o.visit_cost.to_i < 99 } && !t.paths.empty?
  printed = !(t.cities.empty? && t.towns.empty? && t.offboards.empty? && t.paths.empty?) &&
            (t.color != :blue || reachable)
  if printed
    tname = h.location_name || "#{title} #{h.id}"
    tname = "#{title} #{h.id}" if cat.any? { |c| c.include?("name: #{tname.inspect},") }
    cat << tile_ron(tname, t)
    entry += ", tile: #{tname.inspect}"
  end
  entry += ", name: #{h.location_name.inspect}" if h.location_name
  entry += ", labels: [#{t.labels.map { |l| l.to_s.inspect }.join(', ')}]" unless t.labels.empty?
  cost = t.upgrades.sum(&:cost)
  if cost.positive?
    terrain = t.upgrades.flat_map(&:terrains).map(&:to_s).uniq.join(' and ')
    terrain = 'terrain' if terrain.empty?
    entry += ", cost: (amount: #{cost}, terrain: #{terrain.inspect})"
  end
  hexes << "#{entry}),"
  t.borders.each do |b|
    next unless b.type == :impassable

    d = Engine::Hex::DIRECTIONS[h.layout].key(b.edge)
    n = game.hexes.find { |o| o.x == h.x + d[0] && o.y == h.y + d[1] }
    next if n && seen_borders[[n.id, (b.edge + 3) % 6]]

    seen_borders[[h.id, b.edge]] = true
    barriers << "(at: #{h.id.inspect}, face: #{FACES[b.edge]})"
  end
end

counts = []
unlimited = []
laid = []
klass::TILES.each do |name, v|
  n = v.is_a?(Hash) ? v['count'] : v
  n == 'unlimited' ? unlimited << name : counts << "(#{name.inspect}, #{n})"
  next if std.include?(name)

  tile = game.tiles.find { |x| x.name == name } || Engine::Tile.for(name)
  laid << tile_ron(name, tile)
end

puts "// catalogue #{catname}"
puts '['
puts laid + cat
puts ']'
puts '// hexes'
puts hexes.map { |l| "        #{l}" }
puts "    barriers: [#{barriers.join(', ')}],"
puts "    tile_counts: [#{counts.join(', ')}],"
puts "    unlimited_tiles: #{unlimited.inspect},"
